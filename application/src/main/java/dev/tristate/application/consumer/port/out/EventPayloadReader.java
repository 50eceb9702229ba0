package dev.tristate.application.consumer.port.out;

import dev.tristate.domain.event.EventId;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.Objects;

/**
 * Reads an event's wire form (the outbox payload, as published). Only the form is checked here; what the fields mean
 * (is the type known, is there a user and a SKU) is the consumer's business.
 */
public interface EventPayloadReader {

    ReadResult read(byte[] body);

    sealed interface ReadResult {
    }

    /** {@code userId} and {@code sku} are null for events that carry none. */
    record ConsumedEvent(EventId eventId, String eventType, TenantId tenantId, PaymentId paymentId, String userId,
                         String sku, Instant occurredAt) implements ReadResult {
        public ConsumedEvent {
            Objects.requireNonNull(eventId, "event id");
            Objects.requireNonNull(eventType, "event type");
            Objects.requireNonNull(tenantId, "tenant");
            Objects.requireNonNull(paymentId, "payment");
        }
    }

    record Unreadable(String reason) implements ReadResult {
        public Unreadable {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
