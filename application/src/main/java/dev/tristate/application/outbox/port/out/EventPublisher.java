package dev.tristate.application.outbox.port.out;

import dev.tristate.domain.event.EventId;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Hands events to the message broker. A batch is published and then its confirms are awaited together (never one
 * round trip per message). An event counts as {@link Sent} only when the broker confirmed it and did not return it
 * as unroutable; everything else is {@link NotSent}, with the class that says what may be done next.
 */
public interface EventPublisher {

    /** Publishes the batch; the answer has an outcome for every event of the batch, keyed by event id. */
    Map<EventId, PublishOutcome> publish(List<OutgoingEvent> events);

    /**
     * One event as it goes on the wire: the id is the message id consumers deduplicate on; {@code createdAt}, when the
     * event was committed to the outbox (null: not known), lets consumers measure how long it took to reach them;
     * {@code traceparent}, the W3C trace context of the work that wrote it (null: none), lets them continue its trace.
     */
    record OutgoingEvent(EventId eventId, String eventType, TenantId tenantId, String payload, Instant createdAt,
                         String traceparent) {
        public OutgoingEvent {
            Objects.requireNonNull(eventId, "event id");
            Objects.requireNonNull(eventType, "event type");
            Objects.requireNonNull(tenantId, "tenant");
            Objects.requireNonNull(payload, "payload");
        }

        public OutgoingEvent(EventId eventId, String eventType, TenantId tenantId, String payload) {
            this(eventId, eventType, tenantId, payload, null, null);
        }
    }

    sealed interface PublishOutcome {
    }

    /** Confirmed by the broker and not returned. */
    record Sent() implements PublishOutcome {
    }

    /**
     * Not (known to be) with the broker. {@link OutcomeClass#RETRYABLE}: it never reached the broker (unreachable);
     * {@link OutcomeClass#DEFINITE}: the broker refused it (nack, or returned as unroutable);
     * {@link OutcomeClass#UNKNOWN}: the answer was lost (no confirm in time, channel closed while waiting), so it may be
     * in a queue already and a retry may deliver it twice, with the same event id.
     */
    record NotSent(OutcomeClass outcomeClass, String reason) implements PublishOutcome {
        public NotSent {
            Objects.requireNonNull(outcomeClass, "outcome class");
            Objects.requireNonNull(reason, "reason");
        }
    }

    PublishOutcome SENT = new Sent();
}
