package dev.tristate.application.fakes;

import dev.tristate.application.outbox.port.out.OutboxQuarantine;
import dev.tristate.application.outbox.port.out.OutboxQuarantineContract;
import dev.tristate.domain.console.OutboxEventView;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.outbox.OutboxStatus;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.UUID;

class InMemoryOutboxQuarantineTest extends OutboxQuarantineContract {

    private final InMemoryOutboxQuarantine quarantine = new InMemoryOutboxQuarantine();

    @Override
    protected OutboxQuarantine quarantine() {
        return quarantine;
    }

    @Override
    protected EventId aQuarantinedEvent(TenantId tenantId, String paymentId, Instant quarantinedAt) {
        EventId id = new EventId(UUID.randomUUID());
        quarantine.add(new OutboxEventView(id, tenantId, paymentId, "PaymentFailed", OutboxStatus.QUARANTINED, 7,
                "{}", "broker refused", T0, T0.plusSeconds(1), quarantinedAt, null));
        return id;
    }

    @Override
    protected EventId aPendingEvent(TenantId tenantId, String paymentId) {
        EventId id = new EventId(UUID.randomUUID());
        quarantine.add(new OutboxEventView(id, tenantId, paymentId, "PaymentClosed", OutboxStatus.PENDING, 0, "{}",
                null, T0, null, null, null));
        return id;
    }
}
