package dev.tristate.application.fakes;

import dev.tristate.application.outbox.port.out.OutboxRelayStore;
import dev.tristate.application.outbox.port.out.OutboxStore;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.outbox.LeaseToken;
import dev.tristate.domain.outbox.OutboxBacklog;
import dev.tristate.domain.outbox.OutboxStatus;
import dev.tristate.domain.payment.PaymentEvent;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * The outbox in memory, from both sides: the callback path appends ({@link OutboxStore}) and the relay claims and
 * writes back ({@link OutboxRelayStore}). Rolls back with {@link InMemoryTransactions}. Runs the same contract as the
 * MyBatis adapter, so the two cannot drift apart.
 */
public class InMemoryOutboxRelayStore implements OutboxStore, OutboxRelayStore, InMemoryTransactions.Participant {

    private TreeMap<Long, OutboxEntry> rows = new TreeMap<>();
    private long nextId = 1;
    private final List<Optional<ClaimStart>> claimStarts = new ArrayList<>();

    private ClaimStart sharedPlace;
    private boolean sharedPlaceKept = true;
    private boolean sharedPlaceBeingMoved;
    private final List<Boolean> sharedPlaceMoves = new ArrayList<>();
    private ClaimStart sharedPlaceMovedDuringNextClaim;

    /** Where the relays' shared claim place is now (null: none). */
    public synchronized ClaimStart sharedPlace() {
        return sharedPlace;
    }

    /** Whether each attempt so far to move the shared place moved it (false: another claim was moving it). */
    public synchronized List<Boolean> sharedPlaceMoves() {
        return List.copyOf(sharedPlaceMoves);
    }

    /** During the next claim, another claim (of another relay) moves the shared place to {@code place}. */
    public synchronized void moveSharedPlaceDuringNextClaim(ClaimStart place) {
        sharedPlaceMovedDuringNextClaim = place;
    }

    /** Makes the shared claim place look as if another claim were moving it right now (or no longer). */
    public synchronized void moveSharedPlaceElsewhere(boolean moving) {
        sharedPlaceBeingMoved = moving;
    }

    /** Makes the store keep no shared claim place (or keep one again, from none). */
    public synchronized void keepSharedPlace(boolean kept) {
        sharedPlaceKept = kept;
        sharedPlace = null;
    }

    @Override
    public synchronized SharedClaimPlace sharedClaimPlace() {
        return sharedPlaceKept ? SharedClaimPlace.at(sharedPlace) : SharedClaimPlace.UNAVAILABLE;
    }

    @Override
    public synchronized boolean moveSharedClaimPlace(UnaryOperator<ClaimStart> move) {
        boolean moved = sharedPlaceKept && !sharedPlaceBeingMoved;
        if (moved) {
            sharedPlace = move.apply(sharedPlace);
        }
        sharedPlaceMoves.add(moved);
        return moved;
    }

    /** Where each claim so far started (empty: from the beginning of the due range), oldest first. */
    public synchronized List<Optional<ClaimStart>> claimStarts() {
        return List.copyOf(claimStarts);
    }

    @Override
    public synchronized void append(List<PaymentEvent> events, Instant now) {
        for (PaymentEvent event : events) {
            insert(event.eventId(), event.tenantId(), event.type().name(), now);
        }
    }

    /** An event of any type, e.g. one that no queue is bound for. */
    public synchronized long insert(EventId eventId, TenantId tenantId, String eventType, Instant now) {
        if (rows.values().stream().anyMatch(r -> r.eventId().equals(eventId))) {
            throw new PersistenceFailure.AlreadyExists("event " + eventId + " exists", null);
        }
        long id = nextId++;
        rows.put(id, new OutboxEntry(id, eventId, tenantId, eventType, OutboxStatus.PENDING, 0, now, null, null,
                null, null, now, null, null));
        return id;
    }

    @Override
    public synchronized List<ClaimedEvent> claim(int limit, LeaseToken lease, Instant now, Instant leaseUntil,
                                                 ClaimStart after) {
        claimStarts.add(Optional.ofNullable(after));
        if (sharedPlaceMovedDuringNextClaim != null) {
            sharedPlace = sharedPlaceMovedDuringNextClaim;
            sharedPlaceMovedDuringNextClaim = null;
        }
        List<OutboxEntry> due = rows.values().stream()
                .filter(r -> r.status() == OutboxStatus.PENDING && !r.nextAttemptAt().isAfter(now))
                .filter(r -> r.leaseUntil() == null || !r.leaseUntil().isAfter(now))
                .filter(r -> after == null || after.isBefore(r.nextAttemptAt(), r.id()))
                .sorted(Comparator.comparing(OutboxEntry::nextAttemptAt).thenComparing(OutboxEntry::id))
                .limit(limit)
                .toList();
        List<ClaimedEvent> claimed = new ArrayList<>();
        for (OutboxEntry r : due) {
            rows.put(r.id(), new OutboxEntry(r.id(), r.eventId(), r.tenantId(), r.eventType(), r.status(),
                    r.attempts(), r.nextAttemptAt(), lease, leaseUntil, r.firstFailedAt(), r.lastError(), r.createdAt(),
                    null, null));
            claimed.add(new ClaimedEvent(r.id(), r.eventId(), r.tenantId(), r.eventType(), payloadOf(r),
                    r.attempts(), r.firstFailedAt(), r.createdAt(), r.nextAttemptAt()));
        }
        return claimed;
    }

    /** The fake's payload: enough to tell events apart on the wire. */
    public static String payloadOf(OutboxEntry row) {
        return "{\"event_id\":\"" + row.eventId() + "\",\"event_type\":\"" + row.eventType() + "\"}";
    }

    @Override
    public synchronized int markSent(Collection<Long> ids, LeaseToken lease, Instant now) {
        int marked = 0;
        for (Long id : new HashSet<>(ids)) {
            OutboxEntry r = heldRow(id, lease);
            if (r != null) {
                rows.put(id, new OutboxEntry(id, r.eventId(), r.tenantId(), r.eventType(), OutboxStatus.SENT,
                        r.attempts(), now, null, null, r.firstFailedAt(), r.lastError(), r.createdAt(), now, null));
                marked++;
            }
        }
        return marked;
    }

    @Override
    public synchronized boolean reschedule(long id, LeaseToken lease, Retry retry) {
        OutboxEntry r = heldRow(id, lease);
        if (r == null) {
            return false;
        }
        rows.put(id, new OutboxEntry(id, r.eventId(), r.tenantId(), r.eventType(), OutboxStatus.PENDING,
                retry.attempts(), retry.nextAttemptAt(), null, null, retry.firstFailedAt(), retry.error(),
                r.createdAt(), null, null));
        return true;
    }

    @Override
    public synchronized boolean quarantine(long id, LeaseToken lease, Quarantine quarantine) {
        OutboxEntry r = heldRow(id, lease);
        if (r == null) {
            return false;
        }
        rows.put(id, new OutboxEntry(id, r.eventId(), r.tenantId(), r.eventType(), OutboxStatus.QUARANTINED,
                quarantine.attempts(), quarantine.quarantinedAt(), null, null, quarantine.firstFailedAt(),
                quarantine.error(), r.createdAt(), null, quarantine.quarantinedAt()));
        return true;
    }

    private OutboxEntry heldRow(long id, LeaseToken lease) {
        OutboxEntry r = rows.get(id);
        return r != null && r.status() == OutboxStatus.PENDING && lease.equals(r.leaseToken()) ? r : null;
    }

    @Override
    public synchronized OutboxBacklog backlog() {
        List<OutboxEntry> pending = rows.values().stream().filter(r -> r.status() == OutboxStatus.PENDING).toList();
        long quarantined = rows.values().stream().filter(r -> r.status() == OutboxStatus.QUARANTINED).count();
        Instant oldest = pending.stream().map(OutboxEntry::createdAt).min(Comparator.naturalOrder()).orElse(null);
        return new OutboxBacklog(pending.size(), oldest, quarantined);
    }

    @Override
    public synchronized int purgeSent(Instant sentBefore, int limit) {
        List<Long> purged = rows.values().stream()
                .filter(r -> r.status() == OutboxStatus.SENT && r.sentAt().isBefore(sentBefore))
                .sorted(Comparator.comparing(OutboxEntry::sentAt).thenComparing(OutboxEntry::id))
                .limit(limit)
                .map(OutboxEntry::id)
                .toList();
        purged.forEach(rows::remove);
        return purged.size();
    }

    @Override
    public synchronized Optional<OutboxEntry> find(EventId eventId) {
        return rows.values().stream().filter(r -> r.eventId().equals(eventId)).findFirst();
    }

    public synchronized List<OutboxEntry> rows() {
        return List.copyOf(rows.values());
    }

    public synchronized Set<OutboxStatus> statuses() {
        Set<OutboxStatus> statuses = new HashSet<>();
        rows.values().forEach(r -> statuses.add(r.status()));
        return statuses;
    }

    @Override
    public synchronized Object snapshot() {
        return List.of(new TreeMap<>(rows), nextId);
    }

    @Override
    @SuppressWarnings("unchecked")
    public synchronized void restore(Object snapshot) {
        List<Object> parts = (List<Object>) snapshot;
        rows = new TreeMap<>((TreeMap<Long, OutboxEntry>) parts.get(0));
        nextId = (Long) parts.get(1);
    }
}
