package dev.tristate.adapter.out.persistence.consumer;

import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;

@Mapper
public interface TaskMapper {

    class TaskRow {
        String taskKey;
        String taskType;
        String tenantId;
        String paymentId;
        String userId;
        String sku;
        String status;
        int attempts;
        LocalDateTime firstFailedAt;
        LocalDateTime nextRunAt;
        String lastError;
        LocalDateTime createdAt;
        LocalDateTime updatedAt;
        long version;
        String traceParent;
    }

    int insert(TaskRow row);

    TaskRow find(@Param("taskKey") String taskKey);

    int update(@Param("row") TaskRow row, @Param("expectedVersion") long expectedVersion);

    List<TaskRow> findDue(@Param("now") LocalDateTime now, @Param("limit") int limit);

    List<TaskRow> findByStatus(@Param("status") String status, @Param("limit") int limit);

    long count(@Param("status") String status);

    List<TaskRow> forPayment(@Param("tenantId") String tenantId, @Param("paymentId") String paymentId);

    String findWebhook(@Param("tenantId") String tenantId);

    int updateWebhook(@Param("tenantId") String tenantId, @Param("url") String url,
                      @Param("now") LocalDateTime now);

    int insertWebhook(@Param("tenantId") String tenantId, @Param("url") String url,
                      @Param("now") LocalDateTime now);
}
