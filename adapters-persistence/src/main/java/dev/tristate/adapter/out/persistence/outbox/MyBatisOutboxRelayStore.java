package dev.tristate.adapter.out.persistence.outbox;

import static dev.tristate.adapter.out.persistence.jdbc.SqlErrors.translate;

import dev.tristate.adapter.out.persistence.jdbc.Rows;
import dev.tristate.adapter.out.persistence.outbox.OutboxRelayMapper.PendingRow;
import dev.tristate.adapter.out.persistence.outbox.OutboxRelayMapper.RelayRow;
import dev.tristate.application.outbox.port.out.OutboxRelayStore;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.outbox.LeaseToken;
import dev.tristate.domain.outbox.OutboxBacklog;
import dev.tristate.domain.outbox.OutboxStatus;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The relay's side of {@code outbox_events}. The claim differs per database (see {@link ClaimDialect}); everything
 * else is one statement, conditional on the lease token where it writes. The statements that run once per batch with
 * the batch's ids (the claim on MySQL/MariaDB, the lease, the write-back to SENT) go through
 * {@link RelayBatchStatements}; the rest through MyBatis.
 */
public class MyBatisOutboxRelayStore implements OutboxRelayStore {

    /** The width of {@code last_error}. */
    static final int MAX_ERROR_LENGTH = 1024;

    /** How due rows are locked for a claim. */
    public enum ClaimDialect {
        /**
         * MySQL 8 and MariaDB 10.6+: {@code SELECT ... ORDER BY ... LIMIT n FOR UPDATE SKIP LOCKED} over the due
         * index locks the first n due rows nobody else holds, and nothing more.
         */
        SKIP_LOCKED,
        /**
         * H2 2.x accepts SKIP LOCKED but locks every row matching the WHERE clause before applying LIMIT, so one claim
         * would lock (and rewrite) the whole due backlog. Instead: read the first n due ids unlocked, then lock those
         * still due by primary key, skipping locked ones. Never the same row twice, never a wait; but a claimer that
         * runs while another claim is uncommitted finds the same candidates locked and comes back with fewer or none
         * (the embedded default runs one relay, so this costs nothing there).
         */
        CANDIDATES_THEN_LOCK;

        public static ClaimDialect forProduct(String databaseProductName) {
            return "H2".equalsIgnoreCase(databaseProductName) ? CANDIDATES_THEN_LOCK : SKIP_LOCKED;
        }
    }

    private final OutboxRelayMapper mapper;
    private final RelayBatchStatements batches;
    private final ClaimDialect dialect;

    public MyBatisOutboxRelayStore(OutboxRelayMapper mapper, RelayBatchStatements batches, ClaimDialect dialect) {
        this.mapper = mapper;
        this.batches = batches;
        this.dialect = dialect;
    }

    @Override
    public List<ClaimedEvent> claim(int limit, LeaseToken lease, Instant now, Instant leaseUntil, ClaimStart after) {
        LocalDateTime afterDueAt = after == null ? null : Rows.utc(after.dueAt());
        Long afterId = after == null ? null : after.id();
        return translate(() -> switch (dialect) {
            case SKIP_LOCKED -> {
                // The locked rows carry what publishing needs; the lease cannot miss one of them while we hold the
                // locks, and if it ever did, only the rows under our token are claimed.
                List<RelayRow> locked = batches.lockDueSkippingLocked(Rows.utc(now), limit, afterDueAt, afterId);
                List<Long> ids = locked.stream().map(row -> row.id).toList();
                if (ids.isEmpty()) {
                    yield List.of();
                }
                int leased = batches.lease(ids, lease.toString(), Rows.utc(now), Rows.utc(leaseUntil));
                yield leased == ids.size() ? locked.stream().map(MyBatisOutboxRelayStore::toClaimed).toList()
                        : readBackLeased(locked, lease);
            }
            case CANDIDATES_THEN_LOCK -> {
                List<RelayRow> candidates = mapper.findDue(Rows.utc(now), limit, afterDueAt, afterId);
                Set<Long> locked = candidates.isEmpty() ? Set.of()
                        : new HashSet<>(mapper.lockStillDueSkippingLocked(
                                candidates.stream().map(row -> row.id).toList(), Rows.utc(now)));
                List<RelayRow> held = candidates.stream().filter(row -> locked.contains(row.id)).toList();
                if (held.isEmpty()) {
                    yield List.of();
                }
                batches.lease(held.stream().map(row -> row.id).toList(), lease.toString(), Rows.utc(now),
                        Rows.utc(leaseUntil));
                yield readBackLeased(held, lease);
            }
        });
    }

    /**
     * The rows of {@code dueOrder} that our lease holds, in that order (oldest due first, as claimed), each with the
     * time it was due at when claimed.
     */
    private List<ClaimedEvent> readBackLeased(List<RelayRow> dueOrder, LeaseToken lease) {
        Map<Long, RelayRow> leased = new HashMap<>();
        mapper.findLeased(dueOrder.stream().map(row -> row.id).toList(), lease.toString())
                .forEach(row -> leased.put(row.id, row));
        return dueOrder.stream().filter(due -> leased.containsKey(due.id)).map(due -> {
            RelayRow row = leased.get(due.id);
            row.nextAttemptAt = due.nextAttemptAt;
            return toClaimed(row);
        }).toList();
    }

    @Override
    public SharedClaimPlace sharedClaimPlace() {
        return translate(() -> {
            RelayBatchStatements.Place row = batches.readPlace();
            return row == null ? SharedClaimPlace.UNAVAILABLE : SharedClaimPlace.at(place(row));
        });
    }

    @Override
    public boolean moveSharedClaimPlace(UnaryOperator<ClaimStart> move) {
        return translate(() -> {
            RelayBatchStatements.Place row = batches.lockPlace();
            if (row == null) {
                return false;
            }
            ClaimStart now = place(row);
            ClaimStart next = move.apply(now);
            if (!Objects.equals(next, now)) {
                batches.movePlace(next == null ? null : Rows.utc(next.dueAt()), next == null ? null : next.id());
            }
            return true;
        });
    }

    private static ClaimStart place(RelayBatchStatements.Place row) {
        return row.dueAt() == null || row.afterId() == null ? null
                : new ClaimStart(Rows.instant(row.dueAt()), row.afterId());
    }

    @Override
    public int markSent(Collection<Long> ids, LeaseToken lease, Instant now) {
        if (ids.isEmpty()) {
            return 0;
        }
        return translate(() -> batches.markSent(ids, lease.toString(), Rows.utc(now)));
    }

    @Override
    public boolean reschedule(long id, LeaseToken lease, Retry retry) {
        return translate(() -> mapper.reschedule(id, lease.toString(), retry.attempts(),
                Rows.utc(retry.firstFailedAt()), Rows.utc(retry.nextAttemptAt()), truncate(retry.error()))) == 1;
    }

    @Override
    public boolean quarantine(long id, LeaseToken lease, Quarantine quarantine) {
        return translate(() -> mapper.quarantine(id, lease.toString(), quarantine.attempts(),
                Rows.utc(quarantine.firstFailedAt()), Rows.utc(quarantine.quarantinedAt()),
                truncate(quarantine.error()))) == 1;
    }

    @Override
    public OutboxBacklog backlog() {
        return translate(() -> {
            PendingRow pending = mapper.pending();
            long quarantined = mapper.countQuarantined();
            return pending.pending == 0 ? new OutboxBacklog(0, null, quarantined)
                    : new OutboxBacklog(pending.pending, Rows.instant(pending.oldest), quarantined);
        });
    }

    @Override
    public int purgeSent(Instant sentBefore, int limit) {
        return translate(() -> {
            List<Long> ids = mapper.findSentBefore(Rows.utc(sentBefore), limit);
            return ids.isEmpty() ? 0 : mapper.deleteSent(ids, Rows.utc(sentBefore));
        });
    }

    @Override
    public Optional<OutboxEntry> find(EventId eventId) {
        return translate(() -> Optional.ofNullable(mapper.findByEventId(eventId.toString())))
                .map(MyBatisOutboxRelayStore::toEntry);
    }

    private static ClaimedEvent toClaimed(RelayRow row) {
        return new ClaimedEvent(row.id, EventId.of(row.eventId), new TenantId(row.tenantId), row.eventType,
                row.payload, row.attempts, Rows.instant(row.firstFailedAt), Rows.instant(row.createdAt),
                Rows.instant(row.nextAttemptAt), row.traceParent);
    }

    private static OutboxEntry toEntry(RelayRow row) {
        return new OutboxEntry(row.id, EventId.of(row.eventId), new TenantId(row.tenantId), row.eventType,
                OutboxStatus.valueOf(row.status), row.attempts, Rows.instant(row.nextAttemptAt),
                row.leaseToken == null ? null : LeaseToken.of(row.leaseToken), Rows.instant(row.leaseUntil),
                Rows.instant(row.firstFailedAt), row.lastError, Rows.instant(row.createdAt), Rows.instant(row.sentAt),
                Rows.instant(row.quarantinedAt));
    }

    public static String truncate(String error) {
        return error.length() <= MAX_ERROR_LENGTH ? error : error.substring(0, MAX_ERROR_LENGTH - 3) + "...";
    }
}
