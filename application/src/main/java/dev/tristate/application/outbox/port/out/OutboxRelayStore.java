package dev.tristate.application.outbox.port.out;

import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.outbox.LeaseToken;
import dev.tristate.domain.outbox.OutboxBacklog;
import dev.tristate.domain.outbox.OutboxStatus;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The relay's view of the outbox. Every write is conditional on the lease token the caller holds: a relay whose lease
 * expired and was taken over by another relay can no longer change the row. Each method is one unit of work of its
 * own when called outside {@link Transactions}; {@link #claim} must be called inside one (its row locks are what
 * keep two relays apart) and that transaction must be short: commit before publishing.
 */
public interface OutboxRelayStore {

    /**
     * Claims up to {@code limit} due events (PENDING with next attempt at or before {@code now}), oldest due first,
     * skipping rows another transaction holds locked. Each claimed row gets {@code lease} and stops being due until
     * {@code leaseUntil}; if the holder never writes back, it becomes due again then, by the same query.
     */
    default List<ClaimedEvent> claim(int limit, LeaseToken lease, Instant now, Instant leaseUntil) {
        return claim(limit, lease, now, leaseUntil, null);
    }

    /**
     * As {@link #claim(int, LeaseToken, Instant, Instant)}, but considering only due events after {@code after} in
     * claim order (next attempt, then id), or all due events when it is null. A relay that drains a backlog passes
     * where its previous full batch ended: the rows it claimed before leave index entries behind that the database
     * purges only later, and a claim that starts from the beginning of the due range walks over all of them (on
     * MariaDB about a microsecond each, so milliseconds per claim during a drain). Events before {@code after} that
     * are due (skipped while another transaction held them, or committed late with an earlier due time) are not
     * lost: the relay claims from the beginning again regularly.
     */
    List<ClaimedEvent> claim(int limit, LeaseToken lease, Instant now, Instant leaseUntil, ClaimStart after);

    /**
     * The claim place that all relays share (every process, every loop), as last committed: a plain read, no lock.
     * {@link SharedClaimPlace#UNAVAILABLE} when the store has none (then the caller uses a place of its own). The
     * place is only a hint where to start: whatever it says, every due event stays claimable from the beginning.
     */
    SharedClaimPlace sharedClaimPlace();

    /**
     * Moves the shared claim place from where it is now to {@code move.apply(now)} (null: none, the next claim starts
     * from the beginning), inside the claim's transaction. Never waits: when another claim is moving it at this moment,
     * nothing changes and the answer is false.
     */
    boolean moveSharedClaimPlace(UnaryOperator<ClaimStart> move);

    /** Marks SENT those of {@code ids} still PENDING under {@code lease}; returns how many. */
    int markSent(Collection<Long> ids, LeaseToken lease, Instant now);

    /** Reschedules a failed event still held under {@code lease}; false when the lease is no longer ours. */
    boolean reschedule(long id, LeaseToken lease, Retry retry);

    /** Gives up on an event still held under {@code lease}: QUARANTINED with its last error; false when not ours. */
    boolean quarantine(long id, LeaseToken lease, Quarantine quarantine);

    /** Pending and quarantined counts and the oldest pending event's creation time. */
    OutboxBacklog backlog();

    /** Deletes up to {@code limit} SENT events sent before {@code sentBefore}; returns how many. */
    int purgeSent(Instant sentBefore, int limit);

    /** One event as support staff would see it. */
    Optional<OutboxEntry> find(EventId eventId);

    /**
     * A claimed event: what the relay needs to publish it and to decide what happens if that fails, and the time it
     * was due at when claimed (its place in claim order, with its id). {@code traceparent}: the W3C trace context of
     * the work that wrote it (null: none).
     */
    record ClaimedEvent(long id, EventId eventId, TenantId tenantId, String eventType, String payload, int attempts,
                        Instant firstFailedAt, Instant createdAt, Instant dueAt, String traceparent) {

        public ClaimedEvent(long id, EventId eventId, TenantId tenantId, String eventType, String payload,
                            int attempts, Instant firstFailedAt, Instant createdAt, Instant dueAt) {
            this(id, eventId, tenantId, eventType, payload, attempts, firstFailedAt, createdAt, dueAt, null);
        }

        public ClaimedEvent {
            Objects.requireNonNull(eventId, "event id");
            Objects.requireNonNull(tenantId, "tenant");
            Objects.requireNonNull(eventType, "event type");
            Objects.requireNonNull(payload, "payload");
            Objects.requireNonNull(createdAt, "created at");
            Objects.requireNonNull(dueAt, "due at");
        }

        /** Where a claim that continues after this event starts. */
        public ClaimStart position() {
            return new ClaimStart(dueAt, id);
        }
    }

    /** A place in claim order: events due later, or due at the same time with a greater id, come after it. */
    record ClaimStart(Instant dueAt, long id) {
        public ClaimStart {
            Objects.requireNonNull(dueAt, "due at");
        }

        /** Whether an event due at {@code eventDueAt} with id {@code eventId} comes after this place. */
        public boolean isBefore(Instant eventDueAt, long eventId) {
            int byTime = eventDueAt.compareTo(dueAt);
            return byTime > 0 || byTime == 0 && eventId > id;
        }
    }

    /**
     * The shared claim place as {@link #sharedClaimPlace()} read it: {@code available}, with its {@code place} (null:
     * none), or not kept by the store.
     */
    record SharedClaimPlace(boolean available, ClaimStart place) {
        /** The store keeps no shared place: use a place of your own. */
        public static final SharedClaimPlace UNAVAILABLE = new SharedClaimPlace(false, null);

        public SharedClaimPlace {
            if (!available && place != null) {
                throw new IllegalArgumentException("an unavailable place has no value");
            }
        }

        /** Available, at {@code place} (null: none). */
        public static SharedClaimPlace at(ClaimStart place) {
            return new SharedClaimPlace(true, place);
        }
    }

    /** A failed attempt to be tried again. */
    record Retry(int attempts, Instant firstFailedAt, Instant nextAttemptAt, String error) {
        public Retry {
            Objects.requireNonNull(nextAttemptAt, "next attempt");
            Objects.requireNonNull(error, "error");
        }
    }

    /** A failed attempt after the retry window. */
    record Quarantine(int attempts, Instant firstFailedAt, Instant quarantinedAt, String error) {
        public Quarantine {
            Objects.requireNonNull(quarantinedAt, "quarantined at");
            Objects.requireNonNull(error, "error");
        }
    }

    /** The state of one outbox event. */
    record OutboxEntry(long id, EventId eventId, TenantId tenantId, String eventType, OutboxStatus status, int attempts,
                       Instant nextAttemptAt, LeaseToken leaseToken, Instant leaseUntil, Instant firstFailedAt,
                       String lastError, Instant createdAt, Instant sentAt, Instant quarantinedAt) {
    }
}
