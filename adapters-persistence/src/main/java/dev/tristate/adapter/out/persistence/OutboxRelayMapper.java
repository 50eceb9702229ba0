package dev.tristate.adapter.out.persistence;

import java.time.LocalDateTime;
import java.util.Collection;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;

@Mapper
interface OutboxRelayMapper {

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
    }

    class PendingRow {
        long pending;
        LocalDateTime oldest;
    }

    /**
     * MySQL/MariaDB: the due rows, locked, skipping rows other claimers hold, with the columns the relay publishes
     * (id, event id, tenant, type, payload, attempts, first failure, creation); an index range scan, no filesort.
     */
    List<RelayRow> lockDueSkippingLocked(@Param("now") LocalDateTime now, @Param("limit") int limit);

    /** H2, step 1: the due rows' ids, unlocked (H2 would lock every due row, not just the first few). */
    List<Long> findDue(@Param("now") LocalDateTime now, @Param("limit") int limit);

    /** H2, step 2: lock those of the candidates that are still due, skipping rows other claimers hold. */
    List<Long> lockStillDueSkippingLocked(@Param("ids") Collection<Long> ids, @Param("now") LocalDateTime now);

    int lease(@Param("ids") Collection<Long> ids, @Param("token") String token, @Param("now") LocalDateTime now,
              @Param("leaseUntil") LocalDateTime leaseUntil);

    List<RelayRow> findLeased(@Param("ids") Collection<Long> ids, @Param("token") String token);

    int markSent(@Param("ids") Collection<Long> ids, @Param("token") String token, @Param("now") LocalDateTime now);

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
