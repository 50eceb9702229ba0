package dev.tristate.application.resolution.service;

import dev.tristate.application.callback.port.in.ApplyChannelReportUseCase;
import dev.tristate.application.payment.port.out.ChannelGateway.CloseAnswer;
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
 * or close a payment the channel has not confirmed unpaid. At expiry a trade the channel still holds open is closed
 * at the channel first, so that nobody can pay it after the payment is CLOSED here.
 */
final class PaymentResolver {

    private static final String NOT_FOUND = "NOT_FOUND";
    private static final String CLOSED = "CLOSED";
    private static final String CLOSE_REFUSED = "CLOSE_REFUSED";

    private final PaymentRepository payments;
    private final ChannelQuestions questions;
    private final QueryAnswerRecorder answers;
    private final ResolverSettings settings;

    PaymentResolver(PaymentRepository payments, ChannelQuestions questions, QueryAnswerRecorder answers,
                    ResolverSettings settings) {
        this.payments = payments;
        this.questions = questions;
        this.answers = answers;
        this.settings = settings;
    }

    CaseOutcome resolve(WorkedCase work) {
        ClaimedCase c = work.claimed();
        Optional<Payment> payment = payments.findById(c.tenantId(), (PaymentId) c.paymentId());
        if (payment.isPresent() && !payment.get().status().isUnresolved()) {
            return Settled.resolved(work, CaseOutcome.NOT_ASKED, CaseOutcome.NO_EFFECT,
                    "payment already " + payment.get().status());
        }
        Asked<TradeQueryAnswer> asked = questions.ask(c, (gateway, account) -> gateway.queryTrade(c.paymentId().value(),
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
        if (found.report().status() == ChannelTradeStatus.PROCESSING && closable(current)
                && !askedAt.isBefore(expiresAt(current))) {
            Optional<CaseOutcome> closed = closeAtChannel(work, current);
            if (closed.isPresent()) {
                return closed.get();
            }
        }
        String said = found.report().status().name();
        ApplyChannelReportUseCase.Result result = answers.apply(work.audit(), current,
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

    /**
     * An expired trade the channel still holds open (the payer could still pay it): the channel is asked to close it,
     * and only its word that the trade is closed (or never existed) closes the payment. Empty: the channel has no
     * close, so the case goes on as for any open trade.
     */
    private Optional<CaseOutcome> closeAtChannel(WorkedCase work, Payment current) {
        Asked<CloseAnswer> asked = questions.ask(work.claimed(), (gateway, account) ->
                gateway.closeTrade(current.id().value(), account));
        if (asked instanceof Asked.NoAnswer<CloseAnswer> noAnswer && noAnswer.kind().equals("FAILED")) {
            return Optional.empty();
        }
        if (!(asked instanceof Asked.Answered<CloseAnswer> answered)) {
            return Optional.of(CaseOutcome.withoutAnswer(work, asked));
        }
        if (answered.answer() instanceof CloseAnswer.NotClosable notClosable) {
            // Paid or final at the channel after all: the next query says which, and that answer is applied.
            return Optional.of(new AskAgain(work, answered.askedAt(), CLOSE_REFUSED, CaseOutcome.NO_EFFECT,
                    "expired, the channel would not close it: " + notClosable.reason()));
        }
        String said = answered.answer() instanceof CloseAnswer.Closed ? CLOSED : NOT_FOUND;
        return Optional.of(closeHere(work, current, answered.answer().rawAnswer(), answered.askedAt(), said,
                "expired and closed at the channel: "));
    }

    /** The channel says nobody paid this trade. */
    private CaseOutcome notFound(WorkedCase work, Payment current, TradeQueryAnswer answer, Instant askedAt) {
        Instant expiresAt = expiresAt(current);
        // A PROCESSING payment was seen open at the channel: "not found" contradicts that and closes nothing.
        boolean closable = current.status() == PaymentStatus.PENDING || current.status() == PaymentStatus.UNKNOWN;
        if (closable && !askedAt.isBefore(expiresAt)) {
            return closeHere(work, current, answer.rawAnswer(), askedAt, NOT_FOUND,
                    "expired and the channel has no payment: ");
        }
        if (closable) {
            // Not paid yet, not expired: the payer may still pay. Look again at expiry; this costs no attempt.
            return new AskAgainAt(work, askedAt, expiresAt, NOT_FOUND, "not paid yet; asked again at expiry",
                    "not paid yet, expires " + expiresAt);
        }
        return new AskAgain(work, askedAt, NOT_FOUND, CaseOutcome.NO_EFFECT, "channel has no payment for a "
                + current.status() + " payment");
    }

    private CaseOutcome closeHere(WorkedCase work, Payment current, String rawAnswer, Instant askedAt, String said,
                                  String why) {
        ChannelReport closed = new ChannelReport(ChannelTradeStatus.CLOSED, current.amount(), null, askedAt);
        ApplyChannelReportUseCase.Result result = answers.apply(work.audit(), current,
                new QueryAnswer(closed, rawAnswer, said.equals(NOT_FOUND) ? 404 : 200, said));
        return new Settled(work.answerAudited(), settles(result) ? ResolutionStatus.RESOLVED
                : ResolutionStatus.FLAGGED, said, result.outcome().name(), why + QueryAnswerRecorder.describe(result));
    }

    private Instant expiresAt(Payment payment) {
        return payment.createdAt().plus(settings.paymentExpiry());
    }

    /** A payment nobody has paid yet as far as we know, which closing the channel's open trade may end. */
    private static boolean closable(Payment payment) {
        return payment.status() == PaymentStatus.PENDING || payment.status() == PaymentStatus.PROCESSING
                || payment.status() == PaymentStatus.UNKNOWN;
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

    private static boolean settles(ApplyChannelReportUseCase.Result result) {
        return result.after() != null && !result.after().isUnresolved();
    }
}
