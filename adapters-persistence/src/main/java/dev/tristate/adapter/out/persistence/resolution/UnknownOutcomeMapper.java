package dev.tristate.adapter.out.persistence.resolution;

import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;

@Mapper
public interface UnknownOutcomeMapper {

    class Row {
        Long id;
        String tenantId;
        String paymentId;
        String channel;
        String origin;
        String reference;
        String detail;
        LocalDateTime occurredAt;
        LocalDateTime resolvedAt;
        String resolution;
    }

    int insert(Row row);

    int resolve(@Param("tenantId") String tenantId, @Param("paymentId") String paymentId,
                @Param("resolution") String resolution, @Param("resolvedAt") LocalDateTime resolvedAt);

    List<Row> forPayment(@Param("tenantId") String tenantId, @Param("paymentId") String paymentId);

    List<Row> recent(@Param("tenantId") String tenantIdOrNull, @Param("openOnly") boolean openOnly,
                     @Param("limit") int limit);
}
