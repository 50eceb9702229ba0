package dev.tristate.application.resolution.service;

import dev.tristate.application.idempotency.port.in.IdempotencyKeyInUse;
import dev.tristate.application.idempotency.port.in.RenderedResponse;
import dev.tristate.application.payment.port.in.ChannelUnavailable;
import dev.tristate.application.payment.port.in.Rejection;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.refund.port.in.CreateRefundUseCase;
import dev.tristate.application.refund.port.in.CreateRefundUseCase.CreateRefundCommand;
import dev.tristate.application.refund.port.in.CreateRefundUseCase.RefundRequest;
import dev.tristate.application.refund.port.in.RefundResponseRenderer;
import dev.tristate.application.resolution.port.in.DecideReviewCaseUseCase;
import dev.tristate.application.resolution.port.in.DecideReviewCaseUseCase.DecideReviewCaseCommand;
import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.application.shared.service.AuditedActions;
import dev.tristate.application.shared.service.AuditedActions.Action;
import dev.tristate.application.shared.service.AuditedActions.Outcome;
import dev.tristate.domain.console.ReviewCase;
import dev.tristate.domain.idempotency.IdempotencyKey;
import dev.tristate.domain.idempotency.RequestFingerprint;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.payment.RefundId;
import java.util.List;
import java.util.Optional;

/**
 * "Refund at the channel", acted on once the decision is committed: what is left of the payment's captured amount is
 * refunded through {@link CreateRefundUseCase}, the merchant API's own refund flow (the channel asked outside any
 * transaction, a timeout UNKNOWN and resolved later, the refund on the payment's timeline), under an idempotency key
 * of the case, so a case refunds once whoever decides it and however often a form is sent. Its outcome is an audit
 * entry of its own ({@link DecideReviewCaseUseCase#REFUND_ACTION}, key {@code <decision key>:refund}, subject the
 * case), with the refund id. Where Tristate cannot refund (no payment of ours, a payment not paid here, a channel not
 * set up for the tenant) nothing is asked and the entry says {@code NOT_REFUNDED} and why: the decision is then a note
 * for a person to act on at the channel.
 */
final class ReviewCaseRefund {

    static final String STEP = "refund";
    /** The body stored under the idempotency key: the refund's status and id, or why it was refused. */
    private static final String REFUSED = "REFUSED";

    private final PaymentRepository payments;
    private final CreateRefundUseCase refunds;
    private final AuditedActions actions;

    ReviewCaseRefund(PaymentRepository payments, CreateRefundUseCase refunds, AuditedActions actions) {
        this.payments = payments;
        this.refunds = refunds;
        this.actions = actions;
    }

    ActionResult refund(ReviewCase c, DecideReviewCaseCommand command) {
        Outcome outcome = attempt(c, command);
        return actions.run(new Action(command.actionKey().part(STEP), command.operator(),
                DecideReviewCaseUseCase.REFUND_ACTION, DecideReviewCaseService.SUBJECT, Long.toString(c.id()),
                command.reason().text()), now -> outcome);
    }

    private Outcome attempt(ReviewCase c, DecideReviewCaseCommand command) {
        Optional<Payment> found = c.paymentId() == null ? Optional.empty()
                : payments.findById(c.tenantId(), new PaymentId(c.paymentId()));
        if (found.isEmpty()) {
            return notRefunded("no payment of ours");
        }
        Payment payment = found.get();
        // Only money this payment holds here can go back through the refund flow; money the channel took for a
        // payment that is not paid here (a wrong amount, a closed payment) is the channel's trade, not a refund of
        // ours.
        if (!payment.status().grantStands()) {
            return notRefunded("the payment is " + payment.status());
        }
        long left = payment.amount().minor() - payment.refunded().minor();
        String reason = "review case #" + c.id() + ": " + command.reason().text();
        CreateRefundCommand refund = new CreateRefundCommand(c.tenantId(), keyOf(c),
                RequestFingerprint.of("POST", "/admin/review-cases/" + c.id() + "/refund", keyOf(c).value()),
                payment.id(), new RefundRequest(left, reason.substring(0, Math.min(reason.length(),
                        Refund.MAX_REASON)), List.of()), RENDERER);
        String body;
        try {
            body = refunds.createRefund(refund).response().body();
        } catch (ChannelUnavailable e) {
            return new Outcome("CHANNEL_UNAVAILABLE", "refund at the channel not reached: the resolver asks the"
                    + " channel and settles it");
        } catch (IdempotencyKeyInUse e) {
            return new Outcome("REFUND_IN_PROGRESS", "a refund for this case is being made right now");
        }
        if (body.startsWith(REFUSED + " ")) {
            return notRefunded(body.substring(REFUSED.length() + 1));
        }
        String[] statusAndId = body.split(" ", 2);
        return new Outcome(statusAndId[0], "refund " + statusAndId[1] + " at the channel for review case #" + c.id());
    }

    /** One key per case: a second attempt for the same case continues or answers the first one's refund. */
    static IdempotencyKey keyOf(ReviewCase c) {
        return new IdempotencyKey("review-case-" + c.id());
    }

    private static Outcome notRefunded(String why) {
        return new Outcome(DecideReviewCaseUseCase.NOT_REFUNDED, "not refunded here: " + why);
    }

    /** The console's rendering of the refund flow's answers: the words the audit entry needs, and nothing more. */
    private static final RefundResponseRenderer RENDERER = new RefundResponseRenderer() {
        @Override
        public RenderedResponse answered(Refund refund) {
            return new RenderedResponse(refund.status().isOpen() ? 202 : 201,
                    refund.status() + " " + refund.id().value());
        }

        @Override
        public RenderedResponse rejected(Rejection rejection) {
            return new RenderedResponse(409, REFUSED + " " + why(rejection));
        }

        @Override
        public RenderedResponse outcomeUnknown(RefundId refundId, Money amount) {
            return new RenderedResponse(202, "UNKNOWN " + refundId.value());
        }
    };

    private static String why(Rejection rejection) {
        if (rejection instanceof Rejection.ChannelNotConfigured c) {
            return "the channel " + c.channel() + " is not set up for this tenant";
        }
        if (rejection instanceof Rejection.PaymentNotRefundable p) {
            return "the payment is " + p.paymentStatus();
        }
        if (rejection instanceof Rejection.RefundExceedsCaptured) {
            return "nothing left to refund";
        }
        return "refused: " + rejection;
    }
}
