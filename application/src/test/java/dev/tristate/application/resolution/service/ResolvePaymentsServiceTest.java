package dev.tristate.application.resolution.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.fakes.InMemoryAuditTrail;
import dev.tristate.application.fakes.InMemoryChannelCredentialStore;
import dev.tristate.application.fakes.InMemoryNotificationStores;
import dev.tristate.application.fakes.InMemoryPaymentRepository;
import dev.tristate.application.fakes.InMemoryResolutionCases;
import dev.tristate.application.fakes.InMemoryTransactions;
import dev.tristate.application.fakes.InMemoryUnknownOutcomeLedger;
import dev.tristate.application.fakes.SettableClock;
import dev.tristate.application.idempotency.port.in.IdempotentCommands;
import dev.tristate.application.idempotency.service.IdempotencyServices;
import dev.tristate.application.idempotency.service.IdempotencySettings;
import dev.tristate.application.payment.port.in.CreatePaymentUseCase;
import dev.tristate.application.payment.port.in.PaymentNotFound;
import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.payment.service.PaymentServices;
import dev.tristate.application.resolution.port.in.AskChannelNowUseCase.AskChannelNowCommand;
import dev.tristate.application.resolution.port.in.ResolvePaymentsUseCase.ResolverRun;
import dev.tristate.application.resolution.port.in.UnknownCaseView;
import dev.tristate.application.resolution.port.out.UnknownOutcomeLedger;
import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.application.shared.port.out.PersistenceFailure;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.AuditEntry;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.console.Operator;
import dev.tristate.domain.event.EventType;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.notification.NotificationOutcome;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.ChannelReport;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.ChannelTxnId;
import dev.tristate.domain.payment.MerchantOrderId;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.resolution.QuerySchedule;
import dev.tristate.domain.resolution.ResolutionStatus;
import dev.tristate.domain.resolution.UnknownOutcomeOrigin;
import dev.tristate.domain.tenant.TenantId;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** The resolver on in-memory fakes: every answer a channel can give, and what it never does with one. */
class ResolvePaymentsServiceTest {

    private static final Instant T0 = Instant.parse("2026-11-30T08:00:00Z");
    private static final TenantId SHOP = new TenantId("shop");
    private static final TenantId OTHER = new TenantId("other");
    private static final String CHANNEL = "testpay";
    private static final Duration STALE_AFTER = Duration.ofMinutes(5);
    private static final Duration EXPIRY = Duration.ofMinutes(30);

    private final SettableClock clock = new SettableClock(T0);
    private final InMemoryPaymentRepository payments = new InMemoryPaymentRepository();
    private final InMemoryNotificationStores.Log log = new InMemoryNotificationStores.Log();
    private final InMemoryNotificationStores.Outbox outbox = new InMemoryNotificationStores.Outbox();
    private final InMemoryNotificationStores.Reviews reviews = new InMemoryNotificationStores.Reviews();
    private final InMemoryUnknownOutcomeLedger ledger = new InMemoryUnknownOutcomeLedger();
    private final InMemoryResolutionCases cases = new InMemoryResolutionCases(payments);
    /** The audit log; refuses the entries whose key ends with {@code refusedKeySuffix} (a failing audit write). */
    private String refusedKeySuffix = null;
    private final InMemoryAuditTrail audit = new InMemoryAuditTrail() {
        @Override
        public synchronized void record(AuditEntry entry) {
            if (refusedKeySuffix != null && entry.actionKey().value().endsWith(refusedKeySuffix)) {
                throw new PersistenceFailure(OutcomeClass.UNKNOWN, "audit write lost", null);
            }
            super.record(entry);
        }
    };
    private final InMemoryTransactions transactions = new InMemoryTransactions(payments, log, outbox, reviews, ledger,
            cases, audit);
    private final InMemoryChannelCredentialStore credentials = new InMemoryChannelCredentialStore();
    private final ScriptedQueries gateway = new ScriptedQueries(CHANNEL);
    private final ResolvePaymentsService resolver = new ResolvePaymentsService(List.of(gateway), credentials,
            payments, log, outbox, reviews, cases, ledger, transactions, clock, UUID::randomUUID,
            new ResolverSettings(10, Duration.ofMinutes(1), STALE_AFTER, EXPIRY,
                    new QuerySchedule(List.of(Duration.ofMinutes(1), Duration.ofMinutes(5))),
                    Map.of("slowpay", new QuerySchedule(List.of(Duration.ofHours(1))))));

    ResolvePaymentsServiceTest() {
        credentials.bindAccount(SHOP, CHANNEL, "m-shop", T0);
    }

    /** Answers queries from a script, one answer (or failure) per query, and counts them. */
    static final class ScriptedQueries implements ChannelGateway {
        final String channel;
        final Deque<Supplier<TradeQueryAnswer>> answers = new ArrayDeque<>();
        final List<String> asked = new ArrayList<>();
        Runnable onRegister = () -> { };

        ScriptedQueries(String channel) {
            this.channel = channel;
        }

        ScriptedQueries then(Supplier<TradeQueryAnswer> answer) {
            answers.add(answer);
            return this;
        }

        @Override
        public String channel() {
            return channel;
        }

        @Override
        public TradeRegistration registerTrade(Payment payment, String merchantAccount) {
            onRegister.run();
            return new TradeRegistration("https://pay.example/" + payment.id());
        }

        @Override
        public TradeQueryAnswer queryTrade(String outTradeNo, String merchantAccount) {
            asked.add(outTradeNo + "@" + merchantAccount);
            return answers.isEmpty() ? new TradeQueryAnswer.NotFound("{}") : answers.removeFirst().get();
        }
    }

    private Payment aPayment(TenantId tenant, Instant createdAt) {
        Payment payment = Payment.initiate(new PaymentId("pay_" + UUID.randomUUID().toString().replace("-", "")),
                tenant, new MerchantOrderId("o-1"), Money.of(1999, "CNY"), CHANNEL, "u-1", "sku-1", "", createdAt);
        payments.insert(payment);
        return payment;
    }

    private static Supplier<ChannelGateway.TradeQueryAnswer> says(ChannelTradeStatus status, long amount) {
        return () -> new ChannelGateway.TradeQueryAnswer.Found(new ChannelReport(status, Money.of(amount, "CNY"),
                status == ChannelTradeStatus.SUCCESS ? new ChannelTxnId("T-9") : null, T0), "{\"raw\":true}");
    }

    private static Supplier<ChannelGateway.TradeQueryAnswer> notFound() {
        return () -> new ChannelGateway.TradeQueryAnswer.NotFound("{\"code\":\"NOT_FOUND\"}");
    }

    private static Supplier<ChannelGateway.TradeQueryAnswer> timesOut() {
        return () -> {
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "no answer in 5s", null);
        };
    }

    private PaymentStatus statusOf(Payment payment) {
        return payments.findById(payment.tenantId(), payment.id()).orElseThrow().status();
    }

    private UnknownCaseView caseOf(Payment payment) {
        return resolver.unknownCase(payment.tenantId(), payment.id()).orElseThrow();
    }

    @Test
    void aStalePaymentPaidAtTheChannelIsFoundByQueryAndAppliedLikeACallback() {
        Payment payment = aPayment(SHOP, T0);
        gateway.then(says(ChannelTradeStatus.SUCCESS, 1999));
        clock.advance(STALE_AFTER.plusSeconds(1));

        ResolverRun run = resolver.resolveDue();

        assertThat(run).isEqualTo(new ResolverRun(1, 1, 1, 0, 0, 0));
        assertThat(gateway.asked).containsExactly(payment.id() + "@m-shop");
        assertThat(statusOf(payment)).isEqualTo(PaymentStatus.SUCCEEDED);
        assertThat(outbox.events()).singleElement().satisfies(e -> assertThat(e.type())
                .isEqualTo(EventType.PaymentSucceeded));
        assertThat(log.rows()).singleElement().satisfies(n -> {
            assertThat(n.entry().source()).isEqualTo("QUERY");
            assertThat(n.entry().paymentId()).isEqualTo(payment.id().value());
            assertThat(n.completion().outcome()).isEqualTo(NotificationOutcome.APPLIED);
        });
        assertThat(caseOf(payment).status()).isEqualTo(ResolutionStatus.RESOLVED);
        assertThat(caseOf(payment).history()).singleElement().satisfies(a -> {
            assertThat(a.answer()).isEqualTo("SUCCESS");
            assertThat(a.effect()).isEqualTo("APPLIED");
        });
    }

    @Test
    void aDeadlockWhileOpeningOrClaimingCasesIsTriedAgainNotReported() {
        Payment payment = aPayment(SHOP, T0);
        gateway.then(says(ChannelTradeStatus.SUCCESS, 1999));
        clock.advance(STALE_AFTER.plusSeconds(1));
        PersistenceFailure deadlock = new PersistenceFailure(OutcomeClass.RETRYABLE, "Deadlock found", null);
        // The transaction opening cases is aborted once, as InnoDB aborts one side of a deadlock: tried again.
        transactions.failNextBeforeWork(deadlock);

        ResolverRun run = resolver.resolveDue();

        assertThat(run.opened()).isEqualTo(1);
        assertThat(statusOf(payment)).isEqualTo(PaymentStatus.SUCCEEDED);
    }

    @Test
    void conflictsThatDoNotGoAwayReachTheCallerAndChangeNothing() {
        Payment payment = aPayment(SHOP, T0);
        clock.advance(STALE_AFTER.plusSeconds(1));
        PersistenceFailure deadlock = new PersistenceFailure(OutcomeClass.RETRYABLE, "Deadlock found", null);
        transactions.failNextBeforeWork(deadlock, deadlock, deadlock);

        assertThatThrownBy(resolver::resolveDue).isSameAs(deadlock);
        assertThat(gateway.asked).isEmpty();
        assertThat(statusOf(payment)).isEqualTo(PaymentStatus.PENDING);
    }

    @Test
    void aDefiniteFailureIsNotTriedAgain() {
        aPayment(SHOP, T0);
        clock.advance(STALE_AFTER.plusSeconds(1));
        PersistenceFailure broken = new PersistenceFailure(OutcomeClass.DEFINITE, "table missing", null);
        transactions.failNextBeforeWork(broken);

        assertThatThrownBy(resolver::resolveDue).isSameAs(broken);
        assertThat(transactions.workloads()).hasSize(1);
    }

    @Test
    void aFreshPaymentIsNotAskedAbout() {
        aPayment(SHOP, T0);
        clock.advance(STALE_AFTER.minusSeconds(1));

        assertThat(resolver.resolveDue().claimed()).isZero();
        assertThat(gateway.asked).isEmpty();
    }

    @Test
    void aQueryThatTimesOutChangesNothingAndWhenTheScheduleRunsOutTheCaseIsFlaggedNeverFailed() {
        Payment payment = aPayment(SHOP, T0);
        gateway.then(timesOut()).then(timesOut()).then(timesOut());
        clock.advance(STALE_AFTER);
        clock.advance(Duration.ofSeconds(1));

        assertThat(resolver.resolveDue().rescheduled()).isEqualTo(1);
        assertThat(caseOf(payment).nextQueryAt()).isEqualTo(clock.instant().plus(Duration.ofMinutes(1)));
        clock.advance(Duration.ofMinutes(1));
        assertThat(resolver.resolveDue().rescheduled()).isEqualTo(1);
        clock.advance(Duration.ofMinutes(5));
        assertThat(resolver.resolveDue().flagged()).isEqualTo(1);

        assertThat(statusOf(payment)).isEqualTo(PaymentStatus.PENDING);
        assertThat(caseOf(payment).status()).isEqualTo(ResolutionStatus.FLAGGED);
        assertThat(caseOf(payment).lastResult()).contains("schedule used up after 3 queries");
        assertThat(caseOf(payment).history()).extracting(UnknownCaseView.QueryAttempt::answer)
                .containsExactly("NO_ANSWER", "NO_ANSWER", "NO_ANSWER");
        assertThat(outbox.events()).isEmpty();
        clock.advance(Duration.ofDays(1));
        assertThat(resolver.resolveDue().claimed()).as("a flagged case waits for a person").isZero();
    }

    @Test
    void anUnknownPaymentWhoseQueriesTimeOutStaysUnknown() {
        Payment payment = aPayment(SHOP, T0);
        payments.update(payment, ((dev.tristate.domain.payment.TransitionOutcome.Applied) payment.markUnknown(T0))
                .after());
        gateway.then(timesOut()).then(timesOut()).then(timesOut());
        for (int i = 0; i < 3; i++) {
            clock.advance(Duration.ofHours(1));
            resolver.resolveDue();
        }

        assertThat(statusOf(payment)).isEqualTo(PaymentStatus.UNKNOWN);
        assertThat(caseOf(payment).status()).isEqualTo(ResolutionStatus.FLAGGED);
    }

    @Test
    void eachChannelHasItsOwnSchedule() {
        ScriptedQueries slow = new ScriptedQueries("slowpay").then(timesOut());
        credentials.bindAccount(SHOP, "slowpay", "m-slow", T0);
        ResolvePaymentsService withSlow = new ResolvePaymentsService(List.of(gateway, slow), credentials, payments,
                log, outbox, reviews, cases, ledger, transactions, clock, UUID::randomUUID,
                new ResolverSettings(10, Duration.ofMinutes(1), STALE_AFTER, EXPIRY,
                        new QuerySchedule(List.of(Duration.ofMinutes(1))),
                        Map.of("slowpay", new QuerySchedule(List.of(Duration.ofHours(1))))));
        Payment payment = Payment.initiate(new PaymentId("pay_slow1"), SHOP, new MerchantOrderId("o-1"),
                Money.of(1999, "CNY"), "slowpay", "u-1", "sku-1", "", T0);
        payments.insert(payment);
        clock.advance(STALE_AFTER.plusSeconds(1));

        withSlow.resolveDue();

        assertThat(withSlow.unknownCase(SHOP, payment.id()).orElseThrow().nextQueryAt())
                .isEqualTo(clock.instant().plus(Duration.ofHours(1)));
    }

    @Test
    void anExpiredPendingPaymentIsClosedOnlyOnceTheChannelSaysItHasNoPayment() {
        Payment payment = aPayment(SHOP, T0);
        gateway.then(notFound()).then(notFound());
        clock.advance(STALE_AFTER.plusSeconds(1));

        resolver.resolveDue();
        assertThat(statusOf(payment)).as("not expired: the payer may still pay").isEqualTo(PaymentStatus.PENDING);
        assertThat(caseOf(payment).nextQueryAt()).isEqualTo(T0.plus(EXPIRY));
        assertThat(caseOf(payment).attempts()).as("waiting for expiry costs no attempt").isZero();

        clock.advance(EXPIRY);
        resolver.resolveDue();

        assertThat(statusOf(payment)).isEqualTo(PaymentStatus.CLOSED);
        assertThat(outbox.events()).singleElement().satisfies(e -> assertThat(e.type())
                .isEqualTo(EventType.PaymentClosed));
        assertThat(caseOf(payment).status()).isEqualTo(ResolutionStatus.RESOLVED);
        assertThat(gateway.asked).hasSize(2);
    }

    @Test
    void anExpiredPaymentTheChannelReportsPaidIsNeverClosed() {
        Payment payment = aPayment(SHOP, T0);
        gateway.then(says(ChannelTradeStatus.SUCCESS, 1999));
        clock.advance(EXPIRY.multipliedBy(10));

        resolver.resolveDue();

        assertThat(statusOf(payment)).isEqualTo(PaymentStatus.SUCCEEDED);
    }

    @Test
    void anExpiredPaymentWhoseQueryTimesOutIsNotClosed() {
        Payment payment = aPayment(SHOP, T0);
        gateway.then(timesOut());
        clock.advance(EXPIRY.multipliedBy(10));

        resolver.resolveDue();

        assertThat(statusOf(payment)).isEqualTo(PaymentStatus.PENDING);
        assertThat(caseOf(payment).status()).isEqualTo(ResolutionStatus.OPEN);
    }

    @Test
    void aProcessingAnswerMovesThePaymentAndKeepsAsking() {
        Payment payment = aPayment(SHOP, T0);
        gateway.then(says(ChannelTradeStatus.PROCESSING, 1999)).then(says(ChannelTradeStatus.SUCCESS, 1999));
        clock.advance(STALE_AFTER.plusSeconds(1));

        resolver.resolveDue();
        assertThat(statusOf(payment)).isEqualTo(PaymentStatus.PROCESSING);
        assertThat(caseOf(payment).status()).isEqualTo(ResolutionStatus.OPEN);
        clock.advance(Duration.ofMinutes(1));
        resolver.resolveDue();

        assertThat(statusOf(payment)).isEqualTo(PaymentStatus.SUCCEEDED);
        assertThat(caseOf(payment).status()).isEqualTo(ResolutionStatus.RESOLVED);
    }

    @Test
    void anAnswerThatDisagreesWithThePaymentIsHeldForReviewAndFlagged() {
        Payment payment = aPayment(SHOP, T0);
        gateway.then(says(ChannelTradeStatus.SUCCESS, 1));
        clock.advance(STALE_AFTER.plusSeconds(1));

        resolver.resolveDue();

        assertThat(statusOf(payment)).isEqualTo(PaymentStatus.PENDING);
        assertThat(reviews.cases()).singleElement().satisfies(c -> assertThat(c.paymentId())
                .isEqualTo(payment.id().value()));
        assertThat(caseOf(payment).status()).isEqualTo(ResolutionStatus.FLAGGED);
    }

    @Test
    void aCreateThatNeverCommittedIsResolvedWhenTheChannelHoldsNoPaymentAndFlaggedWhenItWasPaid() {
        String neverStored = "pay_neverstored1";
        String paidButNeverStored = "pay_neverstored2";
        transactions.inTransaction(() -> {
            cases.open(SHOP, neverStored, CHANNEL, "PAYMENT_CREATE_COMMIT", T0);
            cases.open(SHOP, paidButNeverStored, CHANNEL, "PAYMENT_CREATE_COMMIT", T0);
            ledger.record(new UnknownOutcomeLedger.NewEntry(SHOP, neverStored, CHANNEL,
                    UnknownOutcomeOrigin.PAYMENT_CREATE_COMMIT, "k-1", "commit timed out", T0));
        });
        gateway.then(notFound()).then(says(ChannelTradeStatus.SUCCESS, 1999));

        resolver.resolveDue();

        UnknownCaseView resolved = resolver.unknownCase(SHOP, new PaymentId(neverStored)).orElseThrow();
        assertThat(resolved.status()).isEqualTo(ResolutionStatus.RESOLVED);
        assertThat(resolved.paymentStatus()).isNull();
        assertThat(resolved.unknownOutcomes()).singleElement().satisfies(e -> assertThat(e.resolvedAt()).isNotNull());
        assertThat(resolver.unknownCase(SHOP, new PaymentId(paidButNeverStored)).orElseThrow().status())
                .isEqualTo(ResolutionStatus.FLAGGED);
    }

    @Test
    void aTimeoutAtTheCreateCommitIsAnswered202AndResolvedToTheTrueState() {
        IdempotentCommands gate = IdempotencyServices.idempotentCommands(
                new dev.tristate.application.fakes.InMemoryIdempotencyStore(), transactions, clock, UUID::randomUUID,
                IdempotencySettings.defaults());
        CreatePaymentUseCase create = PaymentServices.createPayment(gate, payments, credentials, List.of(gateway),
                clock, UUID::randomUUID, new UnknownOutcomeRecorder(ledger, cases, payments, transactions, clock,
                        Duration.ofSeconds(30)));
        gateway.onRegister = () -> transactions.failNextAtCommit(new dev.tristate.application.shared.port.out
                .PersistenceFailure(OutcomeClass.UNKNOWN, "commit timed out", null));
        var renderer = new dev.tristate.application.fakes.RecordingPaymentRenderer();
        var answer = create.createPayment(new dev.tristate.application.payment.port.in.CreatePaymentUseCase
                .CreatePaymentCommand(SHOP, new dev.tristate.domain.idempotency.IdempotencyKey("k-1"),
                dev.tristate.domain.idempotency.RequestFingerprint.of("POST", "/api/v1/payments", "{}"),
                new dev.tristate.application.payment.port.in.CreatePaymentUseCase.PaymentRequest("o-1", 1999L, "CNY",
                        CHANNEL, "u-1", "sku-1", "", List.of()), renderer));
        assertThat(answer.response().status()).isEqualTo(202);
        Payment stored = payments.all().get(0);
        assertThat(stored.status()).as("the commit did happen; until the channel answers, nobody knows more")
                .isEqualTo(PaymentStatus.UNKNOWN);

        gateway.then(says(ChannelTradeStatus.SUCCESS, 1999));
        clock.advance(Duration.ofSeconds(30));
        ResolverRun run = resolver.resolveDue();

        assertThat(run.resolved()).isEqualTo(1);
        assertThat(statusOf(stored)).isEqualTo(PaymentStatus.SUCCEEDED);
        assertThat(ledger.rows()).singleElement().satisfies(e -> {
            assertThat(e.origin()).isEqualTo(UnknownOutcomeOrigin.PAYMENT_CREATE_COMMIT);
            assertThat(e.open()).isFalse();
        });
    }

    @Test
    void anOperatorCanAskAboutAFlaggedCaseNowAndAnotherTenantsPaymentIsNotFound() {
        Payment payment = aPayment(SHOP, T0);
        gateway.then(timesOut()).then(timesOut()).then(timesOut()).then(says(ChannelTradeStatus.SUCCESS, 1999));
        for (int i = 0; i < 3; i++) {
            clock.advance(Duration.ofHours(1));
            resolver.resolveDue();
        }
        assertThat(caseOf(payment).status()).isEqualTo(ResolutionStatus.FLAGGED);

        UnknownCaseView view = resolver.askChannelNow(new AskChannelNowCommand(SHOP, payment.id(), "alice"));

        assertThat(view.status()).isEqualTo(ResolutionStatus.RESOLVED);
        assertThat(view.paymentStatus()).isEqualTo("SUCCEEDED");
        assertThat(view.history()).hasSize(4);
        assertThat(view.history().get(3).detail()).contains("asked by alice");
        assertThat(resolver.listUnknownCases(SHOP, java.util.Set.of(ResolutionStatus.RESOLVED), 10)).hasSize(1);
        assertThatThrownBy(() -> resolver.askChannelNow(new AskChannelNowCommand(OTHER, payment.id(), "mallory")))
                .isInstanceOf(PaymentNotFound.class);
    }

    private AskChannelService console() {
        return new AskChannelService(resolver, audit, transactions, clock);
    }

    private static final Operator SUPPORT = new Operator("sam", ConsoleRole.SUPPORT);

    @Test
    void anOperatorsQuestionIsAuditedBeforeTheChannelIsAskedAndTheAnswerWithItsEffect() {
        Payment payment = aPayment(SHOP, T0);
        ActionKey key = new ActionKey(UUID.randomUUID().toString());
        List<AuditEntry> auditedWhenAsked = new ArrayList<>();
        gateway.then(() -> {
            auditedWhenAsked.addAll(audit.entries());
            return says(ChannelTradeStatus.SUCCESS, 1999).get();
        });

        ActionResult result = console().askChannel(SHOP, payment.id(), SUPPORT, key);

        assertThat(auditedWhenAsked).singleElement().satisfies(e -> {
            assertThat(e.actionKey()).isEqualTo(key);
            assertThat(e.result()).isEqualTo("ASKING");
        });
        assertThat(result.repeated()).isFalse();
        assertThat(result.entry().actionKey()).isEqualTo(key.part("answer"));
        assertThat(result.entry().result()).isEqualTo("ASKED");
        assertThat(result.entry().detail()).contains("SUCCESS").contains("APPLIED").contains("SUCCEEDED");
        assertThat(audit.entries()).extracting(AuditEntry::result).containsExactly("ASKING", "ASKED");
        assertThat(statusOf(payment)).isEqualTo(PaymentStatus.SUCCEEDED);
    }

    @Test
    void anAnswerWhoseAuditEntryCannotBeWrittenIsNotAppliedEither() {
        Payment payment = aPayment(SHOP, T0);
        gateway.then(says(ChannelTradeStatus.SUCCESS, 1999));
        refusedKeySuffix = ":answer";

        assertThatThrownBy(() -> console().askChannel(SHOP, payment.id(), SUPPORT,
                new ActionKey(UUID.randomUUID().toString()))).isInstanceOf(PersistenceFailure.class);

        assertThat(statusOf(payment)).isEqualTo(PaymentStatus.PENDING);
        assertThat(log.rows()).isEmpty();
        assertThat(outbox.events()).isEmpty();
        assertThat(audit.entries()).extracting(AuditEntry::result).containsExactly("ASKING");
    }

    @Test
    void aQuestionWhoseAttemptCannotBeAuditedAsksNothing() {
        Payment payment = aPayment(SHOP, T0);
        refusedKeySuffix = "-refused";

        assertThatThrownBy(() -> console().askChannel(SHOP, payment.id(), SUPPORT,
                new ActionKey(UUID.randomUUID() + "-refused"))).isInstanceOf(PersistenceFailure.class);

        assertThat(gateway.asked).isEmpty();
        assertThat(audit.entries()).isEmpty();
    }

    @Test
    void theSameQuestionSubmittedTwiceAsksTheChannelOnce() {
        Payment payment = aPayment(SHOP, T0);
        gateway.then(says(ChannelTradeStatus.PROCESSING, 1999)).then(says(ChannelTradeStatus.SUCCESS, 1999));
        ActionKey key = new ActionKey(UUID.randomUUID().toString());
        ActionResult first = console().askChannel(SHOP, payment.id(), SUPPORT, key);

        ActionResult again = console().askChannel(SHOP, payment.id(), SUPPORT, key);

        assertThat(again.repeated()).isTrue();
        assertThat(again.entry()).isEqualTo(first.entry());
        assertThat(gateway.asked).hasSize(1);
        assertThat(audit.entries()).hasSize(2);
    }
}
