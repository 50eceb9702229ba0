package dev.tristate.application.resolution.service;

import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.callback.service.ChannelReportApplier;
import dev.tristate.application.outbox.port.out.OutboxStore;
import dev.tristate.application.payment.port.in.PaymentNotFound;
import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway.RefundAnswer;
import dev.tristate.application.payment.port.out.ChannelGateway.TradeQueryAnswer;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.application.refund.service.RefundOutcomes;
import dev.tristate.application.resolution.port.in.AskChannelUseCase;
import dev.tristate.application.resolution.port.in.RefundQueryAnswer;
import dev.tristate.application.resolution.port.in.ResolutionInProgress;
import dev.tristate.application.resolution.port.in.ResolvePaymentsUseCase;
import dev.tristate.application.resolution.port.in.StatusQuery;
import dev.tristate.application.resolution.port.in.UnknownCaseView;
import dev.tristate.application.resolution.port.in.UnknownCasesQuery;
import dev.tristate.application.resolution.port.out.ResolutionCases.Attempt;
import dev.tristate.application.resolution.port.out.ResolutionCases.ClaimedCase;
import dev.tristate.application.resolution.port.out.ResolutionCases.Completion;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.application.resolution.port.out.UnknownOutcomeLedger;
import dev.tristate.application.shared.port.in.ActionAudit;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.application.shared.port.out.PersistenceFailure;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.notification.NotificationOutcome;
import dev.tristate.domain.notification.SignatureResult;
import dev.tristate.domain.outbox.LeaseToken;
import dev.tristate.domain.payment.ChannelReport;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.payment.RefundId;
import dev.tristate.domain.resolution.ResolutionStatus;
import dev.tristate.domain.tenant.TenantId;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * The active-query resolver. Per leased case: ask the channel (outside any transaction), then in one transaction
 * record the answer like a notification (source QUERY) and apply it through {@link ChannelReportApplier}, the same path
 * as a callback. What it never does: read a timeout or a used-up schedule as failure (the case is flagged for people
 * and the payment keeps its state), or close a payment the channel has not confirmed unpaid.
 */
public class ResolvePaymentsService implements ResolvePaymentsUseCase, AskChannelUseCase, UnknownCasesQuery {

    private final Map<String, ChannelGateway> gateways;
    private final ChannelCredentialStore credentials;
    private final PaymentRepository payments;
    private final NotificationLog log;
    private final ResolutionCases cases;
    private final UnknownOutcomeLedger ledger;
    private final ChannelReportApplier applier;
    private final Transactions transactions;
    private final Clock clock;
    private final Supplier<UUID> uuids;
    private final ResolverSettings settings;
    private final RefundStore refunds;
    private final RefundOutcomes refundOutcomes;

    public ResolvePaymentsService(List<ChannelGateway> gateways, ChannelCredentialStore credentials,
                                  PaymentRepository payments, NotificationLog log, OutboxStore outbox,
                                  ReviewCases reviews, ResolutionCases cases, UnknownOutcomeLedger ledger,
                                  Transactions transactions, Clock clock, Supplier<UUID> uuids,
                                  ResolverSettings settings) {
        this(gateways, credentials, payments, log, outbox, reviews, cases, ledger, transactions, clock, uuids,
                settings, null, null);
    }

    /**
     * With refunds: open refunds (PENDING, UNKNOWN) get cases of their own, keyed by the refund id, leased like a
     * payment's, asked with the channel's refund query and settled through {@link RefundOutcomes}.
     */
    public ResolvePaymentsService(List<ChannelGateway> gateways, ChannelCredentialStore credentials,
                                  PaymentRepository payments, NotificationLog log, OutboxStore outbox,
                                  ReviewCases reviews, ResolutionCases cases, UnknownOutcomeLedger ledger,
                                  Transactions transactions, Clock clock, Supplier<UUID> uuids,
                                  ResolverSettings settings, RefundStore refunds, RefundOutcomes refundOutcomes) {
        this.refunds = refunds;
        this.refundOutcomes = refundOutcomes;
        Map<String, ChannelGateway> byChannel = new TreeMap<>();
        gateways.forEach(g -> byChannel.put(g.channel(), g));
        this.gateways = Map.copyOf(byChannel);
        this.credentials = credentials;
        this.payments = payments;
        this.log = log;
        this.cases = cases;
        this.ledger = ledger;
        this.applier = new ChannelReportApplier(payments, outbox, reviews, CrashPoints.NONE);
        this.transactions = transactions;
        this.clock = clock;
        this.uuids = uuids;
        this.settings = settings;
    }

    /** What became of one worked case. */
    private enum Fate { RESOLVED, RESCHEDULED, FLAGGED, LOST_LEASE }

    /** Tries of a short transaction that the database aborted to break a conflict (deadlock, lock wait). */
    static final int CONFLICT_ATTEMPTS = 3;

    /**
     * Runs a short transaction again when the database says "retry": several resolvers opening cases for the same
     * stale payments meet on the cases' unique key, and InnoDB may break such a meeting with a deadlock. Nothing was
     * written by the aborted try, so trying again is safe; the last failure goes to the caller.
     */
    private static <T> T retryingConflicts(Supplier<T> transaction) {
        for (int attempt = 1; ; attempt++) {
            try {
                return transaction.get();
            } catch (PersistenceFailure failure) {
                if (failure.outcomeClass() != dev.tristate.domain.outcome.OutcomeClass.RETRYABLE
                        || attempt >= CONFLICT_ATTEMPTS) {
                    throw failure;
                }
                try {
                    Thread.sleep(ThreadLocalRandom.current().nextLong(5, 50L * attempt));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw failure;
                }
            }
        }
    }

    @Override
    public ResolverRun resolveDue() {
        Instant now = now();
        int opened = retryingConflicts(() -> transactions.inTransaction(() -> {
            int count = 0;
            for (ResolutionCases.Candidate c : cases.findStalePayments(now.minus(settings.staleAfter()),
                    settings.batchSize())) {
                if (cases.open(c.tenantId(), c.paymentId(), c.channel(), "STALE_PAYMENT", now)) {
                    count++;
                }
            }
            if (refunds != null) {
                // Open refunds nobody asked about for a while (a crash after the refund's commit, say).
                for (ResolutionCases.Candidate c : refunds.findStale(now.minus(settings.staleAfter()),
                        settings.batchSize())) {
                    if (cases.open(c.tenantId(), c.paymentId(), c.channel(), "STALE_REFUND", now)) {
                        count++;
                    }
                }
            }
            return count;
        }));
        LeaseToken lease = new LeaseToken(uuids.get());
        List<ClaimedCase> claimed = retryingConflicts(() -> transactions.inTransaction(() -> cases.claim(
                gateways.keySet(), settings.batchSize(), lease, now, now.plus(settings.lease()))));
        int resolved = 0;
        int rescheduled = 0;
        int flagged = 0;
        int lost = 0;
        for (ClaimedCase c : claimed) {
            Fate fate;
            try {
                fate = work(c, lease, null, ActionAudit.NONE);
            } catch (PersistenceFailure failure) {
                // The case stays leased; when the lease runs out it is due again and asked again.
                fate = Fate.LOST_LEASE;
            }
            switch (fate) {
                case RESOLVED -> resolved++;
                case RESCHEDULED -> rescheduled++;
                case FLAGGED -> flagged++;
                case LOST_LEASE -> lost++;
            }
        }
        return new ResolverRun(opened, claimed.size(), resolved, rescheduled, flagged, lost);
    }

    @Override
    public UnknownCaseView askChannel(AskChannelCommand command) {
        TenantId tenant = command.tenantId();
        Payment payment = payments.findById(tenant, command.paymentId())
                .orElseThrow(() -> new PaymentNotFound(command.paymentId()));
        Instant now = now();
        LeaseToken lease = new LeaseToken(uuids.get());
        Optional<ClaimedCase> claimed = transactions.inTransaction(() -> {
            cases.open(tenant, payment.id().value(), payment.channel(), "ASKED_BY_OPERATOR", now);
            Optional<ClaimedCase> c = cases.claimNow(tenant, payment.id().value(), lease, now,
                    now.plus(settings.lease()));
            // The attempt is audited before the channel is asked, with the claim: a repeated form rolls the claim back.
            command.audit().record(c.isPresent() ? ASKING : IN_PROGRESS, c.isPresent()
                    ? "asking the channel about a " + payment.status() + " payment"
                    : "a resolver is asking the channel about this payment right now", now);
            return c;
        });
        if (claimed.isEmpty()) {
            throw new ResolutionInProgress(payment.id());
        }
        work(claimed.get(), lease, command.operator(), command.audit());
        return unknownCase(tenant, payment.id()).orElseThrow();
    }

    @Override
    public List<UnknownCaseView> listUnknownCases(TenantId tenantIdOrNull, Set<ResolutionStatus> statuses, int limit) {
        return cases.list(tenantIdOrNull, statuses, limit).stream().map(this::view).toList();
    }

    @Override
    public Optional<UnknownCaseView> unknownCase(TenantId tenantId, PaymentId paymentId) {
        return cases.find(tenantId, paymentId.value()).map(this::view);
    }

    /**
     * Asks the channel about one claimed case and applies the answer. {@code audit} (an operator's question) records
     * the answer once: in the transaction that applies it where there is one, else in the one that settles the case.
     */
    private Fate work(ClaimedCase c, LeaseToken lease, String operator, ActionAudit audit) {
        int attempt = c.attempts() + 1;
        String askedBy = operator == null ? "" : " (asked by " + operator + ")";
        if (RefundId.isRefundId(c.paymentId())) {
            return workRefund(c, lease, attempt, askedBy, audit);
        }
        Optional<Payment> payment = payments.findById(c.tenantId(), new PaymentId(c.paymentId()));
        if (payment.isPresent() && !payment.get().status().isUnresolved()) {
            return finish(audit, c, lease, attempt, ResolutionStatus.RESOLVED, null, "NOT_ASKED", "NONE",
                    "payment already " + payment.get().status() + askedBy);
        }
        Asked<TradeQueryAnswer> asked = ask(audit, c, lease, attempt, askedBy,
                (gateway, account) -> gateway.queryTrade(c.paymentId(), account));
        if (asked.fate() != null) {
            return asked.fate();
        }
        TradeQueryAnswer answer = asked.answer();
        Instant askedAt = asked.askedAt();
        if (payment.isEmpty()) {
            return neverStored(audit, c, lease, attempt, answer, askedBy);
        }
        Payment current = payment.get();
        if (answer instanceof TradeQueryAnswer.Found found) {
            ChannelReportApplier.Result result = applyAnswer(audit, current, found.report(), found.rawAnswer(), 200,
                    found.report().status().name());
            audit = ActionAudit.NONE;
            String effect = result.outcome().name();
            String detail = describe(result) + askedBy;
            if (result.outcome() == NotificationOutcome.HELD_FOR_REVIEW) {
                return finish(audit, c, lease, attempt, ResolutionStatus.FLAGGED, null, found.report().status().name(),
                        effect, detail);
            }
            if (result.after() != null && !result.after().isUnresolved()) {
                return finish(audit, c, lease, attempt, ResolutionStatus.RESOLVED, null, found.report().status().name(),
                        effect, detail);
            }
            return retryOrFlag(audit, c, lease, attempt, found.report().status().name(), detail, askedAt, effect);
        }
        // NOT FOUND: the channel says nobody paid this trade.
        Instant expiresAt = current.createdAt().plus(settings.paymentExpiry());
        boolean closable = current.status() == PaymentStatus.PENDING || current.status() == PaymentStatus.UNKNOWN;
        if (closable && !askedAt.isBefore(expiresAt)) {
            ChannelReport closed = new ChannelReport(ChannelTradeStatus.CLOSED, current.amount(), null, askedAt);
            ChannelReportApplier.Result result = applyAnswer(audit, current, closed, answer.rawAnswer(), 404,
                    "NOT_FOUND");
            audit = ActionAudit.NONE;
            ResolutionStatus status = result.after() != null && !result.after().isUnresolved()
                    ? ResolutionStatus.RESOLVED : ResolutionStatus.FLAGGED;
            return finish(audit, c, lease, attempt, status, null, "NOT_FOUND", result.outcome().name(),
                    "expired and the channel has no payment: " + describe(result) + askedBy);
        }
        if (closable) {
            // Not paid yet, not expired: the payer may still pay. Look again at expiry; this costs no attempt.
            return complete(audit, c, lease, new Completion(ResolutionStatus.OPEN, c.attempts(), expiresAt,
                    "NOT_FOUND: not paid yet; asked again at expiry" + askedBy, askedAt),
                    new Attempt(c.tenantId(), c.paymentId(), attempt, askedAt, "NOT_FOUND", "NONE",
                            "not paid yet, expires " + expiresAt + askedBy), Fate.RESCHEDULED);
        }
        return retryOrFlag(audit, c, lease, attempt, "NOT_FOUND", "channel has no payment for a " + current.status()
                + " payment" + askedBy, askedAt);
    }

    /**
     * A refund's case (keyed by the refund id): ask the channel's refund query, apply the answer through
     * {@link RefundOutcomes} (the path of the refund request itself). Succeeded, refused or not found settle the
     * refund; processing and no answer are asked again per schedule, then flagged; never FAILED on a timeout.
     */
    private Fate workRefund(ClaimedCase c, LeaseToken lease, int attempt, String askedBy, ActionAudit audit) {
        if (refunds == null) {
            return finish(audit, c, lease, attempt, ResolutionStatus.FLAGGED, null, "NOT_ASKED", "NONE",
                    "refunds are not part of this resolver" + askedBy);
        }
        Optional<Refund> found = refunds.find(c.tenantId(), new RefundId(c.paymentId()));
        if (found.isEmpty()) {
            // Its create never committed; it was never sent to the channel (that happens only after the commit).
            return finish(audit, c, lease, attempt, ResolutionStatus.RESOLVED, null, "NOT_ASKED", "NONE",
                    "refund never stored (its create did not commit); nothing was sent to the channel" + askedBy);
        }
        Refund refund = found.get();
        if (!refund.status().isOpen()) {
            return finish(audit, c, lease, attempt, ResolutionStatus.RESOLVED, null, "NOT_ASKED", "NONE",
                    "refund already " + refund.status() + askedBy);
        }
        Asked<RefundAnswer> asked = ask(audit, c, lease, attempt, askedBy,
                (gateway, account) -> gateway.queryRefund(refund.paymentId().value(), refund.id().value(), account));
        if (asked.fate() != null) {
            return asked.fate();
        }
        RefundAnswer answer = asked.answer();
        Instant askedAt = asked.askedAt();
        String said = RefundQueryAnswer.of(answer).name();
        RefundOutcomes.Applied applied = refundOutcomes.apply(refund, answer);
        String detail = applied.effect() + ": " + applied.detail() + askedBy;
        return switch (applied.effect()) {
            case SUCCEEDED, FAILED, ALREADY_SETTLED -> finish(audit, c, lease, attempt, ResolutionStatus.RESOLVED, null,
                    said, applied.effect().name(), detail);
            case MISMATCH -> finish(audit, c, lease, attempt, ResolutionStatus.FLAGGED, null, said, "NONE", detail);
            case STILL_OPEN -> retryOrFlag(audit, c, lease, attempt, said, detail, askedAt);
        };
    }

    /** The channel's answer, or (fate set) what became of the case when there was none to be had. */
    private record Asked<A>(A answer, Fate fate, Instant askedAt) {
    }

    /**
     * Asks the case's channel, outside any transaction. No gateway or account: FLAGGED. No answer (a timeout is
     * UNKNOWN, never "no"): asked again per schedule, then flagged.
     */
    private <A> Asked<A> ask(ActionAudit audit, ClaimedCase c, LeaseToken lease, int attempt, String askedBy,
                             BiFunction<ChannelGateway, String, A> question) {
        ChannelGateway gateway = gateways.get(c.channel());
        Optional<String> account = credentials.accountOf(c.tenantId(), c.channel());
        if (gateway == null || account.isEmpty()) {
            return new Asked<>(null, finish(audit, c, lease, attempt, ResolutionStatus.FLAGGED, null, "NOT_ASKED", "NONE",
                    (gateway == null ? "no gateway for channel " : "no account at channel ") + c.channel() + askedBy),
                    null);
        }
        Instant askedAt = now();
        try {
            return new Asked<>(question.apply(gateway, account.get()), null, askedAt);
        } catch (ChannelFailure failure) {
            String kind = failure.outcomeClass().mustBeResolved() ? "NO_ANSWER" : "FAILED";
            return new Asked<>(null, retryOrFlag(audit, c, lease, attempt, kind, "channel: " + failure.getMessage()
                    + askedBy, askedAt), askedAt);
        }
    }

    /** The create-payment's commit never happened (no payment here); the channel decides whether a person is needed. */
    private Fate neverStored(ActionAudit audit, ClaimedCase c, LeaseToken lease, int attempt, TradeQueryAnswer answer,
                             String askedBy) {
        if (answer instanceof TradeQueryAnswer.Found found && found.report().status() == ChannelTradeStatus.SUCCESS) {
            return finish(audit, c, lease, attempt, ResolutionStatus.FLAGGED, null, "SUCCESS", "NONE",
                    "the channel took money for a payment that was never stored" + askedBy);
        }
        String said = answer instanceof TradeQueryAnswer.Found found ? found.report().status().name() : "NOT_FOUND";
        return finish(audit, c, lease, attempt, ResolutionStatus.RESOLVED, null, said, "NONE",
                "payment never stored (its create did not commit); the channel holds no payment for it" + askedBy);
    }

    private ChannelReportApplier.Result applyAnswer(ActionAudit audit, Payment payment, ChannelReport report,
                                                    String raw, int answerStatus, String reportedStatus) {
        Instant now = now();
        return transactions.inTransaction(() -> {
            long id = log.record(new NotificationLog.Entry(payment.channel(), StatusQuery.NOTIFICATION_SOURCE, payment.tenantId(), null,
                    payment.id().value(), report.channelTxnId() == null ? null : report.channelTxnId().value(),
                    reportedStatus, report.amount().minor(), report.amount().currencyCode(),
                    "resolver-" + uuids.get(), SignatureResult.NOT_CHECKED, NotificationOutcome.IN_PROGRESS, null,
                    null, "", raw.getBytes(StandardCharsets.UTF_8), now, null));
            Payment fresh = payments.findById(payment.tenantId(), payment.id()).orElseThrow();
            ChannelReportApplier.Result result = applier.apply(payment.tenantId(), fresh, report, id, now);
            log.complete(id, new NotificationLog.Completion(result.outcome(), result.before(), result.after(),
                    result.reason(), answerStatus, null, 0));
            audit.record(AskChannelUseCase.ANSWERED, "channel: " + reportedStatus + "; " + describe(result)
                    + "; payment " + (result.after() == null ? fresh.status() : result.after()), now);
            return result;
        });
    }

    private Fate retryOrFlag(ActionAudit audit, ClaimedCase c, LeaseToken lease, int attempt, String answer,
                             String detail, Instant askedAt) {
        return retryOrFlag(audit, c, lease, attempt, answer, detail, askedAt, "NONE");
    }

    private Fate retryOrFlag(ActionAudit audit, ClaimedCase c, LeaseToken lease, int attempt, String answer,
                             String detail, Instant askedAt, String effect) {
        Optional<Duration> delay = settings.scheduleFor(c.channel()).delayAfter(attempt);
        if (delay.isPresent()) {
            return complete(audit, c, lease, new Completion(ResolutionStatus.OPEN, attempt, askedAt.plus(delay.get()),
                    answer + ": " + detail, askedAt),
                    new Attempt(c.tenantId(), c.paymentId(), attempt, askedAt, answer, effect, detail),
                    Fate.RESCHEDULED);
        }
        // Out of patience is not evidence: the payment keeps its state, a person takes the case.
        return finish(audit, c, lease, attempt, ResolutionStatus.FLAGGED, askedAt, answer, effect,
                "query schedule used up after " + attempt + " queries; last: " + detail);
    }

    private Fate finish(ActionAudit audit, ClaimedCase c, LeaseToken lease, int attempt, ResolutionStatus status,
                        Instant at, String answer, String effect, String detail) {
        Instant when = at == null ? now() : at;
        Fate fate = status == ResolutionStatus.RESOLVED ? Fate.RESOLVED : Fate.FLAGGED;
        return complete(audit, c, lease, new Completion(status, attempt, null, answer + ": " + detail, when),
                new Attempt(c.tenantId(), c.paymentId(), attempt, when, answer, effect, detail), fate);
    }

    private Fate complete(ActionAudit audit, ClaimedCase c, LeaseToken lease, Completion completion, Attempt attempt,
                          Fate fate) {
        return transactions.inTransaction(() -> {
            if (!cases.complete(c.paymentId(), lease, completion)) {
                audit.record(AskChannelUseCase.ANSWERED, "case taken over by another resolver meanwhile; "
                        + completion.lastResult(), completion.at());
                return Fate.LOST_LEASE;
            }
            audit.record(AskChannelUseCase.ANSWERED, "case " + completion.status() + "; "
                    + completion.lastResult(), completion.at());
            cases.recordAttempt(attempt);
            if (completion.status() == ResolutionStatus.RESOLVED) {
                ledger.resolve(c.tenantId(), c.paymentId(), completion.lastResult(), completion.at());
            }
            return fate;
        });
    }

    private static String describe(ChannelReportApplier.Result result) {
        return result.outcome() + (result.before() == null ? "" : " " + result.before() + " -> " + result.after())
                + (result.reason() == null ? "" : " (" + result.reason() + ")");
    }

    private UnknownCaseView view(ResolutionCases.CaseView c) {
        String paymentStatus = payments.findById(c.tenantId(), new PaymentId(c.paymentId()))
                .map(p -> p.status().name()).orElse(null);
        List<UnknownCaseView.QueryAttempt> history = cases.history(c.tenantId(), c.paymentId()).stream()
                .map(a -> new UnknownCaseView.QueryAttempt(a.attempt(), a.askedAt(), a.answer(), a.effect(),
                        a.detail())).toList();
        List<UnknownCaseView.LedgerEntry> entries = ledger.forPayment(c.tenantId(), c.paymentId()).stream()
                .map(e -> new UnknownCaseView.LedgerEntry(e.origin(), e.reference(), e.detail(), e.occurredAt(),
                        e.resolvedAt(), e.resolution())).toList();
        return new UnknownCaseView(c.tenantId(), c.paymentId(), c.channel(), paymentStatus, c.status(), c.reason(),
                c.attempts(), c.nextAttemptAt(), c.lastResult(), c.openedAt(), c.updatedAt(), history, entries);
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MICROS);
    }
}
