package dev.tristate.adapter.out.persistence.outbox;

import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;

@Mapper
public interface OutboxQuarantineMapper {

    class EventRow {
        String eventId;
        String tenantId;
        String aggregateId;
        String eventType;
        String status;
        int attempts;
        String payload;
        String lastError;
        LocalDateTime createdAt;
        LocalDateTime firstFailedAt;
        LocalDateTime quarantinedAt;
        LocalDateTime sentAt;
    }

    List<EventRow> search(@Param("status") String status, @Param("tenantId") String tenantId,
                          @Param("eventType") String eventType, @Param("limit") int limit,
                          @Param("offset") long offset);

    long count(@Param("status") String status, @Param("tenantId") String tenantId,
               @Param("eventType") String eventType);

    EventRow find(@Param("eventId") String eventId);

    List<EventRow> forAggregate(@Param("tenantId") String tenantId, @Param("aggregateId") String aggregateId);

    List<String> oldestQuarantined(@Param("limit") int limit);

    int release(@Param("eventId") String eventId, @Param("now") LocalDateTime now);

    int discard(@Param("eventId") String eventId, @Param("now") LocalDateTime now);
}
