package dev.tristate.adapter.out.persistence.consumer;

import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;

/** The consumers' tables: the inbox and the deliveries they retry or quarantine. */
@Mapper
public interface ConsumerMapper {

    class InboxRow {
        String consumer;
        String eventId;
        String eventType;
        String tenantId;
        String contentHash;
        String outcome;
        LocalDateTime processedAt;
    }

    class DeliveryRow {
        String consumer;
        String deliveryKey;
        String messageId;
        String messageType;
        String headers;
        byte[] body;
        String status;
        int attempts;
        LocalDateTime firstFailedAt;
        LocalDateTime nextAttemptAt;
        String lastError;
        String attemptHistory;
        LocalDateTime createdAt;
        LocalDateTime updatedAt;
        long version;
    }

    InboxRow findInbox(@Param("consumer") String consumer, @Param("eventId") String eventId);

    int insertInbox(InboxRow row);

    List<InboxRow> findInboxes(@Param("consumer") String consumer, @Param("eventIds") List<String> eventIds);

    List<InboxRow> inboxForEvent(@Param("eventId") String eventId);

    List<DeliveryRow> deliveriesForMessage(@Param("messageId") String messageId);

    DeliveryRow findDelivery(@Param("consumer") String consumer, @Param("deliveryKey") String deliveryKey);

    int insertDelivery(DeliveryRow row);

    int updateDelivery(@Param("row") DeliveryRow row, @Param("expectedVersion") long expectedVersion);

    List<DeliveryRow> findDue(@Param("consumer") String consumer, @Param("now") LocalDateTime now,
                              @Param("limit") int limit);

    List<DeliveryRow> findByStatus(@Param("status") String status, @Param("limit") int limit);

    long countByStatus(@Param("status") String status);
}
