package dev.tristate.application.consumer.port.in;

import dev.tristate.domain.consumer.InboundMessage;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * A consumer takes one delivered message: applies it in one local transaction with its inbox row, then says what to
 * do with the delivery. Acknowledge after the commit (or after the failure was recorded for a scheduled retry or the
 * quarantine); only when even that record could not be written does the broker keep the message, after a pause.
 */
public interface ConsumeEventUseCase {

    ConsumeResult consume(InboundMessage message);

    /**
     * Several deliveries at once: applied in one local transaction (every inbox row and business change of the
     * batch), so that they commit together. When the batch cannot commit as a whole (one message is bad, or the
     * database refused), each message is taken alone as by {@link #consume}, so that one bad message is retried or
     * quarantined by itself and never holds back or doubles the others. Answers one result per message, in order.
     * Unless a consumer batches, each message is taken alone.
     */
    default List<ConsumeResult> consumeAll(List<InboundMessage> messages) {
        return messages.stream().map(this::consume).toList();
    }

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
