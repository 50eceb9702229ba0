package dev.tristate.application.refund.port.in;

import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.payment.RefundAnswer;
import java.util.Objects;

/**
 * Applies a channel's answer about a refund, in a transaction of its own, through the path of every refund answer (the
 * refund request's own among them). Each write is conditional on the refund still being open, so an answer applies
 * once; a timeout is never an answer here.
 */
public interface ApplyRefundAnswerUseCase {

    /** What applying an answer did. */
    enum Effect {
        /** The refund succeeded now (and the payment moved). */
        SUCCEEDED,
        /** The refund failed now: the channel refunded nothing. */
        FAILED,
        /** The channel is still working on it: the refund stays open. */
        STILL_OPEN,
        /** The refund had been settled before (by another path): nothing changed. */
        ALREADY_SETTLED,
        /** The channel's answer disagrees with the refund (another amount): nothing changed, a person decides. */
        MISMATCH
    }

    record Applied(Effect effect, Refund refund, String detail) {
        public Applied {
            Objects.requireNonNull(effect, "effect");
            Objects.requireNonNull(refund, "refund");
            Objects.requireNonNull(detail, "detail");
        }
    }

    Applied apply(Refund refund, RefundAnswer answer);
}
