package dev.tristate.application.outbox.port.in;

import dev.tristate.domain.console.OutboxEventView;
import dev.tristate.domain.console.Page;
import dev.tristate.domain.console.PageRequest;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.tenant.TenantId;
import java.util.Optional;

/** Outbox events given up on (consumer messages and tasks join when their quarantine exists). */
public interface QuarantineQuery {

    Page<OutboxEventView> quarantinedEvents(TenantId tenantOrNull, String eventTypeOrNull, PageRequest page);

    Optional<OutboxEventView> outboxEvent(EventId eventId);

    long countQuarantined();
}
