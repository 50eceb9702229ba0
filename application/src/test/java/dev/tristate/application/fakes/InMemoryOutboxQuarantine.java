package dev.tristate.application.fakes;

import dev.tristate.application.outbox.port.out.OutboxQuarantine;
import dev.tristate.domain.console.OutboxEventView;
import dev.tristate.domain.console.Page;
import dev.tristate.domain.console.PageRequest;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.outbox.OutboxStatus;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The console's view of the outbox in memory, with the adapter's status preconditions. */
public class InMemoryOutboxQuarantine implements OutboxQuarantine, InMemoryTransactions.Participant {

    /**
     * The adapter's order (next attempt, then row id): a quarantined event is due at its quarantine; other events keep
     * the order they were added in (a stable sort).
     */
    private static final Comparator<OutboxEventView> OLDEST_QUARANTINED_FIRST = Comparator.comparing(
            (OutboxEventView e) -> e.status() == OutboxStatus.QUARANTINED ? e.quarantinedAt() : null,
            Comparator.nullsFirst(Comparator.naturalOrder()));

    private Map<EventId, OutboxEventView> events = new LinkedHashMap<>();

    public synchronized void add(OutboxEventView event) {
        events.put(event.eventId(), event);
    }

    @Override
    public synchronized Page<OutboxEventView> search(OutboxStatus status, TenantId tenant, String eventType,
                                                     PageRequest page) {
        List<OutboxEventView> matching = events.values().stream().filter(e -> e.status() == status)
                .filter(e -> tenant == null || e.tenantId().equals(tenant))
                .filter(e -> eventType == null || e.eventType().equals(eventType)).sorted(OLDEST_QUARANTINED_FIRST)
                .toList();
        return new Page<>(matching.stream().skip(page.offset()).limit(page.size()).toList(), page, matching.size());
    }

    @Override
    public synchronized Optional<OutboxEventView> find(EventId eventId) {
        return Optional.ofNullable(events.get(eventId));
    }

    @Override
    public synchronized List<OutboxEventView> forAggregate(TenantId tenantId, String aggregateId) {
        return events.values().stream()
                .filter(e -> e.tenantId().equals(tenantId) && e.aggregateId().equals(aggregateId)).toList();
    }

    @Override
    public synchronized List<EventId> oldestQuarantined(int limit) {
        return events.values().stream().filter(e -> e.status() == OutboxStatus.QUARANTINED)
                .sorted(OLDEST_QUARANTINED_FIRST).limit(limit)
                .map(OutboxEventView::eventId).toList();
    }

    @Override
    public synchronized long countQuarantined() {
        return events.values().stream().filter(e -> e.status() == OutboxStatus.QUARANTINED).count();
    }

    @Override
    public synchronized boolean release(EventId eventId, Instant now) {
        return move(eventId, OutboxStatus.PENDING);
    }

    @Override
    public synchronized boolean discard(EventId eventId, Instant now) {
        return move(eventId, OutboxStatus.DISCARDED);
    }

    private boolean move(EventId eventId, OutboxStatus to) {
        OutboxEventView e = events.get(eventId);
        if (e == null || e.status() != OutboxStatus.QUARANTINED) {
            return false;
        }
        events.put(eventId, new OutboxEventView(e.eventId(), e.tenantId(), e.aggregateId(), e.eventType(), to,
                to == OutboxStatus.PENDING ? 0 : e.attempts(), e.payload(), e.lastError(), e.createdAt(),
                to == OutboxStatus.PENDING ? null : e.firstFailedAt(),
                to == OutboxStatus.PENDING ? null : e.quarantinedAt(), e.sentAt()));
        return true;
    }

    @Override
    public synchronized Object snapshot() {
        return new LinkedHashMap<>(events);
    }

    @Override
    @SuppressWarnings("unchecked")
    public synchronized void restore(Object snapshot) {
        events = new LinkedHashMap<>((Map<EventId, OutboxEventView>) snapshot);
    }
}
