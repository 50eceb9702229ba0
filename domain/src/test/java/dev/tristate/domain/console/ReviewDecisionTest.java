package dev.tristate.domain.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.domain.payment.TransitionOutcome.AnomalyReason;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;

class ReviewDecisionTest {

    @Test
    void everyCaseCanBeDismissedOrEscalated() {
        for (AnomalyReason reason : AnomalyReason.values()) {
            assertThat(ReviewDecision.allowedFor(reason)).as(reason.name())
                    .contains(ReviewDecision.DISMISS, ReviewDecision.ESCALATE);
        }
    }

    @Test
    void aRefundIsOfferedOnlyWhereMoneyArrivedThatThePaymentCannotKeep() {
        EnumSet<AnomalyReason> refundable = EnumSet.noneOf(AnomalyReason.class);
        for (AnomalyReason reason : AnomalyReason.values()) {
            if (ReviewDecision.allowedFor(reason).contains(ReviewDecision.REFUND_AT_CHANNEL)) {
                refundable.add(reason);
            }
        }
        assertThat(refundable).containsExactlyInAnyOrder(AnomalyReason.AMOUNT_MISMATCH,
                AnomalyReason.CURRENCY_MISMATCH, AnomalyReason.SUCCESS_AFTER_CLOSE, AnomalyReason.UNKNOWN_PAYMENT);
    }
}
