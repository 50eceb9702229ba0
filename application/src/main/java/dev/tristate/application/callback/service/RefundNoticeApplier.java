package dev.tristate.application.callback.service;

import dev.tristate.application.callback.port.out.ParseResult.RefundNotice;
import dev.tristate.application.refund.port.in.ApplyRefundAnswerUseCase;
import dev.tristate.application.refund.port.in.GetRefundQuery;
import dev.tristate.application.refund.port.in.RefundNotFound;
import dev.tristate.domain.notification.NotificationOutcome;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.payment.RefundId;
import dev.tristate.domain.tenant.TenantId;
import java.util.Optional;

/**
 * A verified refund notification takes effect through the refund feature's own path ({@link ApplyRefundAnswerUseCase},
 * inside the callback's transaction), exactly as the refund's query answer would: an answer applies once, so a re-sent
 * notification changes nothing. A notification about a refund this tenant does not have changes nothing either.
 */
final class RefundNoticeApplier {

    /** What the notification did, for its record. */
    record Outcome(NotificationOutcome outcome, String reason) {
    }

    private final GetRefundQuery refunds;
    private final ApplyRefundAnswerUseCase answers;

    RefundNoticeApplier(GetRefundQuery refunds, ApplyRefundAnswerUseCase answers) {
        this.refunds = refunds;
        this.answers = answers;
    }

    /** Records refund notifications without acting on them: for hosts that wire no refund feature. */
    static RefundNoticeApplier none() {
        return new RefundNoticeApplier(null, null);
    }

    Outcome apply(TenantId tenant, String outTradeNo, RefundNotice notice) {
        if (refunds == null) {
            return new Outcome(NotificationOutcome.ACKNOWLEDGED, "refund notifications are not applied here");
        }
        Optional<Refund> refund = find(tenant, outTradeNo, notice.outRefundNo());
        if (refund.isEmpty()) {
            return new Outcome(NotificationOutcome.ACKNOWLEDGED, "no such refund of this payment for this merchant");
        }
        ApplyRefundAnswerUseCase.Applied applied = answers.apply(refund.get(), notice.answer());
        NotificationOutcome outcome = switch (applied.effect()) {
            case SUCCEEDED, FAILED -> NotificationOutcome.APPLIED;
            case STILL_OPEN -> NotificationOutcome.ACKNOWLEDGED;
            case ALREADY_SETTLED -> NotificationOutcome.DUPLICATE;
            case MISMATCH -> NotificationOutcome.HELD_FOR_REVIEW;
        };
        return new Outcome(outcome, "refund " + notice.outRefundNo() + " " + applied.effect() + ": "
                + applied.detail());
    }

    private Optional<Refund> find(TenantId tenant, String outTradeNo, String outRefundNo) {
        try {
            return Optional.of(refunds.getRefund(tenant, new PaymentId(outTradeNo), new RefundId(outRefundNo)));
        } catch (RefundNotFound | IllegalArgumentException notOurs) {
            return Optional.empty();
        }
    }
}
