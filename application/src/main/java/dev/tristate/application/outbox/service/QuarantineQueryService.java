package dev.tristate.application.outbox.service;

import dev.tristate.application.outbox.port.in.QuarantineQuery;
import dev.tristate.application.outbox.port.out.OutboxQuarantine;
import dev.tristate.domain.console.OutboxEventView;
import dev.tristate.domain.console.Page;
import dev.tristate.domain.console.PageRequest;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.outbox.OutboxStatus;
import dev.tristate.domain.tenant.TenantId;
import java.util.Optional;

/** The quarantine page's reads of outbox events. */
class QuarantineQueryService implements QuarantineQuery {

    private final OutboxQuarantine outbox;

    QuarantineQueryService(OutboxQuarantine outbox) {
        this.outbox = outbox;
    }

    @Override
    public Page<OutboxEventView> quarantinedEvents(TenantId tenantOrNull, String eventTypeOrNull, PageRequest page) {
        return outbox.search(OutboxStatus.QUARANTINED, tenantOrNull, eventTypeOrNull, page);
    }

    @Override
    public Optional<OutboxEventView> outboxEvent(EventId eventId) {
        return outbox.find(eventId);
    }

    @Override
    public long countQuarantined() {
        return outbox.countQuarantined();
    }
}
