package dev.tristate.adapter.out.persistence.resolution;

import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;

@Mapper
public interface ReviewCaseMapper {

    int insert(@Param("tenantId") String tenantId, @Param("paymentId") String paymentId,
               @Param("notificationId") long notificationId, @Param("reason") String reason,
               @Param("detail") String detail, @Param("createdAt") LocalDateTime createdAt);

    /** The open case a new case of this mismatch would join, or null; {@code lock}: a locking read. */
    Long openFor(@Param("tenantId") String tenantId, @Param("paymentId") String paymentId,
                 @Param("reason") String reason, @Param("lock") boolean lock);

    class CaseRow {
        long id;
        String tenantId;
        String paymentId;
        long notificationId;
        String reason;
        String detail;
        String status;
        LocalDateTime createdAt;
        String resolvedBy;
        String resolution;
        LocalDateTime resolvedAt;
    }

    List<CaseRow> search(@Param("openOnly") boolean openOnly, @Param("limit") int limit,
                         @Param("offset") long offset);

    long count(@Param("openOnly") boolean openOnly);

    CaseRow find(@Param("id") long id);

    List<CaseRow> forPayment(@Param("tenantId") String tenantId, @Param("paymentId") String paymentId);

    int resolve(@Param("id") long id, @Param("by") String by, @Param("resolution") String resolution,
                @Param("at") LocalDateTime at);
}
