package dev.tristate.adapter.out.persistence.outbox;

import java.time.LocalDateTime;
import java.util.Collection;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;

/**
 * The relay's statements that do not run per batch, and H2's claim. The per-batch ones (the claim on MySQL/MariaDB,
 * the lease, the write-back to SENT) are in {@link RelayBatchStatements}.
 */
@Mapper
public interface OutboxRelayMapper {

    class RelayRow {
        Long id;
        String eventId;
        String tenantId;
        String eventType;
        String payload;
        String status;
        int attempts;
        LocalDateTime nextAttemptAt;
        String leaseToken;
        LocalDateTime leaseUntil;
        LocalDateTime firstFailedAt;
        String lastError;
        LocalDateTime createdAt;
        LocalDateTime sentAt;
        LocalDateTime quarantinedAt;
        String traceParent;
    }

    class PendingRow {
        long pending;
        LocalDateTime oldest;
    }

    /** H2, step 1: the due rows' ids and due times, unlocked (H2 would lock every due row, not just the first few). */
    List<RelayRow> findDue(@Param("now") LocalDateTime now, @Param("limit") int limit,
                       @Param("afterDueAt") LocalDateTime afterDueAt, @Param("afterId") Long afterId);

    /** H2, step 2: lock those of the candidates that are still due, skipping rows other claimers hold. */
    List<Long> lockStillDueSkippingLocked(@Param("ids") Collection<Long> ids, @Param("now") LocalDateTime now);

    List<RelayRow> findLeased(@Param("ids") Collection<Long> ids, @Param("token") String token);

    int reschedule(@Param("id") long id, @Param("token") String token, @Param("attempts") int attempts,
                   @Param("firstFailedAt") LocalDateTime firstFailedAt,
                   @Param("nextAttemptAt") LocalDateTime nextAttemptAt, @Param("error") String error);

    int quarantine(@Param("id") long id, @Param("token") String token, @Param("attempts") int attempts,
                   @Param("firstFailedAt") LocalDateTime firstFailedAt, @Param("at") LocalDateTime at,
                   @Param("error") String error);

    PendingRow pending();

    long countQuarantined();

    List<Long> findSentBefore(@Param("before") LocalDateTime before, @Param("limit") int limit);

    int deleteSent(@Param("ids") Collection<Long> ids, @Param("before") LocalDateTime before);

    RelayRow findByEventId(@Param("eventId") String eventId);
}
