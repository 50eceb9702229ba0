package dev.tristate.domain.payment;

import java.util.List;
import java.util.Objects;

/**
 * The value every state change returns. Callers handle each case; none of them is an exception, because each is an
 * expected answer to a channel or an operator.
 */
public sealed interface TransitionOutcome {

    /** The payment moved; {@code after} is its new state, {@code events} go to the outbox in the same transaction. */
    record Applied(Payment before, Payment after, List<PaymentEvent> events) implements TransitionOutcome {
        public Applied {
            Objects.requireNonNull(before);
            Objects.requireNonNull(after);
            events = List.copyOf(events);
        }
    }

    /** Already in that state: nothing changes. */
    record Duplicate(PaymentStatus status) implements TransitionOutcome {
    }

    /** A lower state arrived after a higher one: recorded, ignored. */
    record Stale(PaymentStatus current, PaymentStatus ignored) implements TransitionOutcome {
    }

    /** The report disagrees with the payment: nothing changes, a person reviews it. */
    record Anomaly(AnomalyReason reason, String detail) implements TransitionOutcome {
        public Anomaly {
            Objects.requireNonNull(reason);
        }
    }

    /** The command is not allowed for this payment: a definite no, nothing changes. */
    record Rejected(RejectionReason reason, String detail) implements TransitionOutcome {
        public Rejected {
            Objects.requireNonNull(reason);
        }
    }

    /** Why a genuine report is held for review instead of applied. */
    enum AnomalyReason {
        AMOUNT_MISMATCH,
        CURRENCY_MISMATCH,
        MERCHANT_MISMATCH,
        TRADE_NO_MISMATCH,
        TRADE_NO_BOUND_ELSEWHERE,
        SUCCESS_AFTER_CLOSE,
        /** The notification names a payment this tenant does not have. */
        UNKNOWN_PAYMENT,
        /** The notification came through another channel than the payment's. */
        CHANNEL_MISMATCH,
        /** Reconciliation: the payment is paid here, but the channel's statement does not list it as paid. */
        NOT_PAID_ON_STATEMENT
    }

    /** Why a command is refused. */
    enum RejectionReason {
        NOT_PAID,
        REFUND_EXCEEDS_CAPTURED,
        REFUND_CURRENCY_MISMATCH,
        NOTHING_LEFT_TO_REFUND
    }
}
