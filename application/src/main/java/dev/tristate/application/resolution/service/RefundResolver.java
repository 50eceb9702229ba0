package dev.tristate.application.resolution.service;

import dev.tristate.application.refund.port.in.ApplyRefundAnswerUseCase;
import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.application.resolution.port.in.RefundQueryAnswer;
import dev.tristate.application.resolution.port.out.ResolutionCases.ClaimedCase;
import dev.tristate.application.resolution.service.CaseOutcome.AskAgain;
import dev.tristate.application.resolution.service.CaseOutcome.Settled;
import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.payment.RefundAnswer;
import dev.tristate.domain.payment.RefundId;
import java.util.Optional;

/**
 * Works a refund's case (keyed by the refund id): asks the channel's refund query and applies the answer through
 * {@link ApplyRefundAnswerUseCase}, the path of the refund request itself. Succeeded, refused or not found settle the
 * refund; processing and no answer are asked again per schedule, then flagged; never FAILED on a timeout.
 */
final class RefundResolver {

    private final RefundStore refunds;
    private final ApplyRefundAnswerUseCase outcomes;
    private final ChannelQuestions questions;

    RefundResolver(RefundStore refunds, ApplyRefundAnswerUseCase outcomes, ChannelQuestions questions) {
        this.refunds = refunds;
        this.outcomes = outcomes;
        this.questions = questions;
    }

    /** Whether the case is a refund's: its subject is a refund id, not a payment id. */
    static boolean isRefundCase(ClaimedCase c) {
        return c.paymentId() instanceof RefundId;
    }

    CaseOutcome resolve(WorkedCase work) {
        ClaimedCase c = work.claimed();
        Optional<Refund> found = refunds.find(c.tenantId(), (RefundId) c.paymentId());
        if (found.isEmpty()) {
            // Its create never committed; it was never sent to the channel (that happens only after the commit).
            return Settled.resolved(work, CaseOutcome.NOT_ASKED, CaseOutcome.NO_EFFECT,
                    "refund never stored (its create did not commit); nothing was sent to the channel");
        }
        Refund refund = found.get();
        if (!refund.status().isOpen()) {
            return Settled.resolved(work, CaseOutcome.NOT_ASKED, CaseOutcome.NO_EFFECT,
                    "refund already " + refund.status());
        }
        Asked<RefundAnswer> asked = questions.ask(c, (gateway, account) -> gateway.queryRefund(
                refund.paymentId().value(), refund.id().value(), account));
        if (!(asked instanceof Asked.Answered<RefundAnswer> answered)) {
            return CaseOutcome.withoutAnswer(work, asked);
        }
        String said = RefundQueryAnswer.of(answered.answer()).name();
        ApplyRefundAnswerUseCase.Applied applied = outcomes.apply(refund, answered.answer());
        String detail = applied.effect() + ": " + applied.detail();
        return switch (applied.effect()) {
            case SUCCEEDED, FAILED, ALREADY_SETTLED -> Settled.resolved(work, said, applied.effect().name(), detail);
            case MISMATCH -> Settled.flagged(work, said, CaseOutcome.NO_EFFECT, detail);
            case STILL_OPEN -> new AskAgain(work, answered.askedAt(), said, CaseOutcome.NO_EFFECT, detail);
        };
    }
}
