package dev.tristate.domain.console;

import dev.tristate.domain.payment.TransitionOutcome.AnomalyReason;
import java.util.EnumSet;
import java.util.Set;

/**
 * What a person may decide about a notification held for review. Deciding closes the case and records the decision;
 * it never writes the payment's status (invariant 1: nothing overwrites a decided payment by hand). Where money must
 * move back, the decision says so and the refund is made through the refund flow.
 */
public enum ReviewDecision {
    /** The notification was wrong or is explained; nothing to do. */
    DISMISS,
    /** Money arrived that the payment cannot keep (wrong amount, closed payment, unknown payment): refund it. */
    REFUND_AT_CHANNEL,
    /** Needs the channel's or the merchant's answer before anything is done. */
    ESCALATE;

    /** The decisions a case of this reason allows. */
    public static Set<ReviewDecision> allowedFor(AnomalyReason reason) {
        return switch (reason) {
            case AMOUNT_MISMATCH, CURRENCY_MISMATCH, SUCCESS_AFTER_CLOSE, UNKNOWN_PAYMENT ->
                    EnumSet.allOf(ReviewDecision.class);
            case MERCHANT_MISMATCH, TRADE_NO_MISMATCH, TRADE_NO_BOUND_ELSEWHERE, CHANNEL_MISMATCH ->
                    EnumSet.of(DISMISS, ESCALATE);
        };
    }
}
