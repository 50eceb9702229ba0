package dev.tristate.application.outbox.port.out;

import dev.tristate.domain.console.OutboxEventView;
import dev.tristate.domain.console.Page;
import dev.tristate.domain.console.PageRequest;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.outbox.OutboxStatus;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The console's side of the outbox: what was given up on, and its repair. Every write is conditional on the event
 * still being QUARANTINED, so a second replay or a discard after a replay changes nothing (the row count says so).
 * The event id is never touched: a replayed event is the same event.
 */
public interface OutboxQuarantine {

    /** Events in a status (QUARANTINED for the quarantine page), oldest first; tenant and type may be null. */
    Page<OutboxEventView> search(OutboxStatus status, TenantId tenantOrNull, String eventTypeOrNull, PageRequest page);

    Optional<OutboxEventView> find(EventId eventId);

    /** The events of one aggregate (a payment), oldest first. */
    List<OutboxEventView> forAggregate(TenantId tenantId, String aggregateId);

    /** The oldest quarantined events' ids, at most {@code limit}. */
    List<EventId> oldestQuarantined(int limit);

    long countQuarantined();

    /**
     * QUARANTINED to PENDING, due at {@code now}, with a fresh retry window (attempts and first failure cleared; the
     * last error is kept for the record). False when the event was not quarantined (already replayed or sent).
     */
    boolean release(EventId eventId, Instant now);

    /** QUARANTINED to DISCARDED; false when the event was not quarantined. */
    boolean discard(EventId eventId, Instant now);
}
