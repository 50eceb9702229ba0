package dev.tristate.application.resolution.service;

import dev.tristate.application.callback.service.ChannelReportApplier;
import dev.tristate.application.payment.port.out.ChannelGateway.TradeQueryAnswer;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.resolution.port.out.ResolutionCases.ClaimedCase;
import dev.tristate.application.resolution.service.CaseOutcome.AskAgain;
import dev.tristate.application.resolution.service.CaseOutcome.AskAgainAt;
import dev.tristate.application.resolution.service.CaseOutcome.Settled;
import dev.tristate.application.resolution.service.QueryAnswerRecorder.QueryAnswer;
import dev.tristate.domain.notification.NotificationOutcome;
import dev.tristate.domain.payment.ChannelReport;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.resolution.ResolutionStatus;
import java.time.Instant;
import java.util.Optional;

/**
 * Works a payment's case: asks the channel's status query and applies the answer like a callback. What it never does:
 * read a timeout or a used-up schedule as failure (the case is flagged for people and the payment keeps its state),
 * or close a payment the channel has not confirmed unpaid.
 */
public final class PaymentResolver {

    private static final String NOT_FOUND = "NOT_FOUND";

    private final PaymentRepository payments;
    private final ChannelQuestions questions;
    private final QueryAnswerRecorder answers;
    private final ResolverSettings settings;

    public PaymentResolver(PaymentRepository payments, ChannelQuestions questions, QueryAnswerRecorder answers,
                           ResolverSettings settings) {
        this.payments = payments;
        this.questions = questions;
        this.answers = answers;
        this.settings = settings;
    }

    CaseOutcome resolve(WorkedCase work) {
        ClaimedCase c = work.claimed();
        Optional<Payment> payment = payments.findById(c.tenantId(), new PaymentId(c.paymentId()));
        if (payment.isPresent() && !payment.get().status().isUnresolved()) {
            return Settled.resolved(work, CaseOutcome.NOT_ASKED, CaseOutcome.NO_EFFECT,
                    "payment already " + payment.get().status());
        }
        Asked<TradeQueryAnswer> asked = questions.ask(c, (gateway, account) -> gateway.queryTrade(c.paymentId(),
                account));
        if (!(asked instanceof Asked.Answered<TradeQueryAnswer> answered)) {
            return CaseOutcome.withoutAnswer(work, asked);
        }
        if (payment.isEmpty()) {
            return neverStored(work, answered.answer());
        }
        if (answered.answer() instanceof TradeQueryAnswer.Found found) {
            return found(work, payment.get(), found, answered.askedAt());
        }
        return notFound(work, payment.get(), answered.answer(), answered.askedAt());
    }

    private CaseOutcome found(WorkedCase work, Payment current, TradeQueryAnswer.Found found, Instant askedAt) {
        String said = found.report().status().name();
        ChannelReportApplier.Result result = answers.apply(work.audit(), current,
                new QueryAnswer(found.report(), found.rawAnswer(), 200, said));
        WorkedCase audited = work.answerAudited();
        String effect = result.outcome().name();
        String detail = QueryAnswerRecorder.describe(result);
        if (result.outcome() == NotificationOutcome.HELD_FOR_REVIEW) {
            return Settled.flagged(audited, said, effect, detail);
        }
        if (settles(result)) {
            return Settled.resolved(audited, said, effect, detail);
        }
        return new AskAgain(audited, askedAt, said, effect, detail);
    }

    /** The channel says nobody paid this trade. */
    private CaseOutcome notFound(WorkedCase work, Payment current, TradeQueryAnswer answer, Instant askedAt) {
        Instant expiresAt = current.createdAt().plus(settings.paymentExpiry());
        boolean closable = current.status() == PaymentStatus.PENDING || current.status() == PaymentStatus.UNKNOWN;
        if (closable && !askedAt.isBefore(expiresAt)) {
            ChannelReport closed = new ChannelReport(ChannelTradeStatus.CLOSED, current.amount(), null, askedAt);
            ChannelReportApplier.Result result = answers.apply(work.audit(), current,
                    new QueryAnswer(closed, answer.rawAnswer(), 404, NOT_FOUND));
            return new Settled(work.answerAudited(), settles(result) ? ResolutionStatus.RESOLVED
                    : ResolutionStatus.FLAGGED, NOT_FOUND, result.outcome().name(),
                    "expired and the channel has no payment: " + QueryAnswerRecorder.describe(result));
        }
        if (closable) {
            // Not paid yet, not expired: the payer may still pay. Look again at expiry; this costs no attempt.
            return new AskAgainAt(work, askedAt, expiresAt, NOT_FOUND, "not paid yet; asked again at expiry",
                    "not paid yet, expires " + expiresAt);
        }
        return new AskAgain(work, askedAt, NOT_FOUND, CaseOutcome.NO_EFFECT, "channel has no payment for a "
                + current.status() + " payment");
    }

    /** The create-payment's commit never happened (no payment here); the channel decides whether a person is needed. */
    private static CaseOutcome neverStored(WorkedCase work, TradeQueryAnswer answer) {
        if (answer instanceof TradeQueryAnswer.Found found && found.report().status() == ChannelTradeStatus.SUCCESS) {
            return Settled.flagged(work, ChannelTradeStatus.SUCCESS.name(), CaseOutcome.NO_EFFECT,
                    "the channel took money for a payment that was never stored");
        }
        String said = answer instanceof TradeQueryAnswer.Found found ? found.report().status().name() : NOT_FOUND;
        return Settled.resolved(work, said, CaseOutcome.NO_EFFECT,
                "payment never stored (its create did not commit); the channel holds no payment for it");
    }

    private static boolean settles(ChannelReportApplier.Result result) {
        return result.after() != null && !result.after().isUnresolved();
    }
}
