package dev.tristate.application.resolution.service;

import dev.tristate.application.callback.port.in.ApplyChannelReportUseCase;
import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.refund.port.in.ApplyRefundAnswerUseCase;
import dev.tristate.application.refund.port.in.CreateRefundUseCase;
import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.application.resolution.port.in.AskChannelAsOperatorUseCase;
import dev.tristate.application.resolution.port.in.AskChannelUseCase;
import dev.tristate.application.resolution.port.in.DecideReviewCaseUseCase;
import dev.tristate.application.resolution.port.in.RecordUnknownOutcomeUseCase;
import dev.tristate.application.resolution.port.in.ResolvePaymentsUseCase;
import dev.tristate.application.resolution.port.in.ReviewCasesQuery;
import dev.tristate.application.resolution.port.in.UnknownCasesQuery;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.application.resolution.port.out.UnknownOutcomeLedger;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Supplier;

/** The resolution feature's use cases, built for the wiring: the implementations stay inside this package. */
public final class ResolutionServices {

    private ResolutionServices() {
    }

    /**
     * The resolver: its rounds over the due cases (resolve), an operator's question about one payment now
     * (askChannel), and the unknown cases as the console shows them (unknownCases), built on one set of leases,
     * channel questions and write-back.
     */
    public record Resolver(ResolvePaymentsUseCase resolve, AskChannelUseCase askChannel,
                           UnknownCasesQuery unknownCases) {
        public Resolver {
            Objects.requireNonNull(resolve, "resolve");
            Objects.requireNonNull(askChannel, "askChannel");
            Objects.requireNonNull(unknownCases, "unknownCases");
        }
    }

    /**
     * A payment's answer is applied through {@code reports} (the callback's path), a refund's through
     * {@code refundAnswers} (the refund request's path).
     */
    public static Resolver resolver(List<ChannelGateway> gateways, ChannelCredentialStore credentials,
                                    ResolutionCases cases, UnknownOutcomeLedger ledger, PaymentRepository payments,
                                    RefundStore refunds, NotificationLog log, ApplyChannelReportUseCase reports,
                                    ApplyRefundAnswerUseCase refundAnswers, Transactions transactions, Clock clock,
                                    Supplier<UUID> uuids, ResolverSettings settings) {
        ChannelQuestions questions = new ChannelQuestions(gateways, credentials, clock);
        CaseLeases leases = new CaseLeases(cases, refunds, transactions, clock, uuids, settings);
        CaseWriteBack writeBack = new CaseWriteBack(cases, ledger, transactions, clock, settings);
        PaymentResolver paymentResolver = new PaymentResolver(payments, questions,
                new QueryAnswerRecorder(payments, log, reports, transactions, clock, uuids), settings);
        UnknownCasesService unknownCases = new UnknownCasesService(cases, payments, ledger);
        return new Resolver(
                new ResolvePaymentsService(leases, questions, paymentResolver,
                        new RefundResolver(refunds, refundAnswers, questions), writeBack),
                new AskChannelService(payments, leases, paymentResolver, writeBack, unknownCases),
                unknownCases);
    }

    /** {@code firstQueryAfter}: time for an in-doubt COMMIT to settle before the resolver first asks the channel. */
    public static RecordUnknownOutcomeUseCase recordUnknownOutcome(UnknownOutcomeLedger ledger, ResolutionCases cases,
                                                                   PaymentRepository payments,
                                                                   Transactions transactions, Clock clock,
                                                                   Duration firstQueryAfter) {
        return new UnknownOutcomeRecorder(ledger, cases, payments, transactions, clock, firstQueryAfter);
    }

    /** "Ask the channel now" on the console: {@code resolver}'s question for one payment, audited. */
    public static AskChannelAsOperatorUseCase askChannelAsOperator(AskChannelUseCase resolver, AuditTrail audit,
                                                                   Transactions transactions, Clock clock) {
        return new AskChannelAsOperatorService(resolver, audit, transactions, clock);
    }

    public static ReviewCasesQuery reviewCases(ReviewCases cases) {
        return new ReviewCasesQueryService(cases);
    }

    /** Deciding a review case; a REFUND_AT_CHANNEL decision refunds through {@code refunds}, the refund flow. */
    public static DecideReviewCaseUseCase decideReviewCase(ReviewCases cases, AuditTrail audit,
                                                           Transactions transactions, Clock clock,
                                                           PaymentRepository payments, CreateRefundUseCase refunds) {
        return new DecideReviewCaseService(cases, audit, transactions, clock, payments, refunds);
    }
}
