package dev.tristate.application.consumer.port.in;

import dev.tristate.domain.consumer.InboundMessage;
import java.time.Duration;
import java.util.Objects;

/**
 * A consumer takes one delivered message: applies it in one local transaction with its inbox row, then says what to
 * do with the delivery. Acknowledge after the commit (or after the failure was recorded for a scheduled retry or the
 * quarantine); only when even that record could not be written does the broker keep the message, after a pause.
 */
public interface ConsumeEventUseCase {

    ConsumeResult consume(InboundMessage message);

    /** What came of a delivery. */
    enum Outcome {
        /** Applied now (granted, or nothing to grant for this event type). */
        APPLIED,
        /** This consumer had applied this event already (same content): no effect. */
        DUPLICATE,
        /** Could not be applied now; recorded for a retry from the database. */
        RETRY_SCHEDULED,
        /** Cannot be applied; recorded in the quarantine. */
        QUARANTINED
    }

    sealed interface ConsumeResult {
    }

    /** Acknowledge the delivery: its outcome is durably recorded. */
    record Acknowledge(Outcome outcome, String detail) implements ConsumeResult {
        public Acknowledge {
            Objects.requireNonNull(outcome, "outcome");
        }
    }

    /** Nothing could be recorded (the database is unreachable): give it back to the broker after {@code pause}. */
    record RequeueAfter(Duration pause, String reason) implements ConsumeResult {
        public RequeueAfter {
            Objects.requireNonNull(pause, "pause");
        }
    }
}
