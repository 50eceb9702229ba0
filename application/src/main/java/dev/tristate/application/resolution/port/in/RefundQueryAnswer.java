package dev.tristate.application.resolution.port.in;

import dev.tristate.domain.payment.RefundAnswer;

/** What a channel answered to a refund query, by the name the resolver's case history and the reconciliation use. */
public enum RefundQueryAnswer {
    REFUND_SUCCESS,
    REFUND_REFUSED,
    REFUND_NOT_FOUND,
    REFUND_PROCESSING;

    public static RefundQueryAnswer of(RefundAnswer answer) {
        if (answer instanceof RefundAnswer.Succeeded) {
            return REFUND_SUCCESS;
        }
        if (answer instanceof RefundAnswer.Refused) {
            return REFUND_REFUSED;
        }
        if (answer instanceof RefundAnswer.NotFound) {
            return REFUND_NOT_FOUND;
        }
        return REFUND_PROCESSING;
    }
}
