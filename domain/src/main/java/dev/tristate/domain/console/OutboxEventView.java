package dev.tristate.domain.console;

import dev.tristate.domain.event.EventId;
import dev.tristate.domain.outbox.OutboxStatus;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.Objects;

/** An outbox event as support staff see it: with its payload and its last error. */
public record OutboxEventView(EventId eventId, TenantId tenantId, String aggregateId, String eventType,
                              OutboxStatus status, int attempts, String payload, String lastError, Instant createdAt,
                              Instant firstFailedAt, Instant quarantinedAt, Instant sentAt) {
    public OutboxEventView {
        Objects.requireNonNull(eventId, "event id");
        Objects.requireNonNull(tenantId, "tenant id");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(createdAt, "created at");
    }
}
