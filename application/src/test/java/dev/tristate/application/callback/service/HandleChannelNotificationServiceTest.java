package dev.tristate.application.callback.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.callback.port.in.HandleChannelNotificationUseCase;
import dev.tristate.application.callback.port.in.UnknownChannel;
import dev.tristate.application.callback.port.out.RejectionBudget;
import dev.tristate.application.fakes.InMemoryChannelCredentialStore;
import dev.tristate.application.fakes.InMemoryNotificationStores.StoredNotification;
import dev.tristate.application.fakes.InMemoryNotificationStores;
import dev.tristate.application.fakes.InMemoryPaymentRepository;
import dev.tristate.application.fakes.InMemoryResolutionCases;
import dev.tristate.application.fakes.InMemoryTransactions;
import dev.tristate.application.fakes.InMemoryUnknownOutcomeLedger;
import dev.tristate.application.fakes.TestChannelFormat;
import dev.tristate.application.resolution.service.ResolutionServices;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.application.shared.port.out.WorkLog;
import dev.tristate.application.shared.port.out.Workload;
import dev.tristate.domain.event.EventType;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.notification.ChannelAnswer;
import dev.tristate.domain.notification.NotificationOutcome;
import dev.tristate.domain.notification.RawNotification;
import dev.tristate.domain.notification.SignatureResult;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.MerchantOrderId;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.payment.TransitionOutcome.AnomalyReason;
import dev.tristate.domain.resolution.ResolutionStatus;
import dev.tristate.domain.resolution.UnknownOutcomeOrigin;
import dev.tristate.domain.tenant.TenantId;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class HandleChannelNotificationServiceTest {

    private static final Instant NOW = Instant.parse("2026-11-30T10:00:00Z");
    private static final TenantId SHOP = new TenantId("shop");
    private static final TenantId OTHER_SHOP = new TenantId("other-shop");
    private static final String SECRET = "shop-secret-0123456789";

    private final InMemoryPaymentRepository payments = new InMemoryPaymentRepository();
    private final InMemoryNotificationStores.Log log = new InMemoryNotificationStores.Log();
    private final InMemoryNotificationStores.Outbox outbox = new InMemoryNotificationStores.Outbox();
    private final InMemoryNotificationStores.Reviews reviews = new InMemoryNotificationStores.Reviews();
    private final InMemoryChannelCredentialStore credentials = new InMemoryChannelCredentialStore();
    private final InMemoryUnknownOutcomeLedger ledger = new InMemoryUnknownOutcomeLedger();
    private final InMemoryResolutionCases cases = new InMemoryResolutionCases(payments);
    private final InMemoryTransactions transactions = new InMemoryTransactions(payments, log, outbox, reviews, ledger,
            cases);
    private final AtomicInteger notifyIds = new AtomicInteger();
    private CrashPoints crashPoints = CrashPoints.NONE;
    private RejectionBudget budget = RejectionBudget.unlimited();
    private int maxStoredRejectedBytes = Integer.MAX_VALUE;
    private HandleChannelNotificationUseCase service;
    private Payment payment;

    /** Stands in for the JVM dying at a crash point: an Error, which no handler in the service may swallow. */
    static final class SimulatedCrash extends Error {
        SimulatedCrash(String point) {
            super("crash at " + point);
        }
    }

    @BeforeEach
    void setUp() {
        credentials.bindAccount(SHOP, TestChannelFormat.CHANNEL, "m-shop", NOW);
        credentials.addSecret(SHOP, TestChannelFormat.CHANNEL, "signing-secret", SECRET, NOW, NOW);
        credentials.bindAccount(OTHER_SHOP, TestChannelFormat.CHANNEL, "m-other", NOW);
        credentials.addSecret(OTHER_SHOP, TestChannelFormat.CHANNEL, "signing-secret", "other-secret-0123456", NOW, NOW);
        payment = newPayment(SHOP, "pay_0001");
        rebuild();
    }

    private void rebuild() {
        service = CallbackServices.handleChannelNotification(List.of(new TestChannelFormat()), credentials, payments,
                log, outbox, reviews, transactions, point -> crashPoints.reached(point),
                Clock.fixed(NOW, ZoneOffset.UTC), new Random(42),
                ResolutionServices.recordUnknownOutcome(ledger, cases, payments,
                        transactions, Clock.fixed(NOW, ZoneOffset.UTC), Duration.ofSeconds(30)),
                budget, maxStoredRejectedBytes);
    }

    private Payment newPayment(TenantId tenant, String id) {
        Payment p = Payment.initiate(new PaymentId(id), tenant, new MerchantOrderId("o-" + id), Money.of(1999, "CNY"),
                TestChannelFormat.CHANNEL, "u-42", "course:java-101", "Java 101", NOW.minusSeconds(60));
        payments.insert(p);
        return p;
    }

    private RawNotification notification(String notifyId, String status, long amount, String tradeNo) {
        return notificationFor("m-shop", SECRET, payment.id().value(), notifyId, status, amount, "CNY", tradeNo);
    }

    private RawNotification notificationFor(String merchant, String secret, String outTradeNo, String notifyId,
                                            String status, long amount, String currency, String tradeNo) {
        String body = TestChannelFormat.body(notifyId, merchant, outTradeNo, tradeNo, status, amount, currency,
                NOW.minusSeconds(5));
        return new RawNotification(TestChannelFormat.CHANNEL, null, TestChannelFormat.signedHeaders(secret, body, NOW),
                body.getBytes(StandardCharsets.UTF_8), false, "trace-" + notifyId);
    }

    private RawNotification success(String notifyId) {
        return notification(notifyId, "SUCCESS", 1999, "T-1");
    }

    private PaymentStatus statusNow() {
        return payments.findById(SHOP, payment.id()).orElseThrow().status();
    }

    private StoredNotification lastLogged() {
        List<StoredNotification> rows = log.rows();
        return rows.get(rows.size() - 1);
    }

    private static NotificationOutcome outcomeOf(StoredNotification row) {
        return row.completion() != null ? row.completion().outcome() : row.entry().outcome();
    }

    @Test
    void aVerifiedSuccessMovesThePaymentRaisesOneEventAndIsAnsweredSuccess() {
        ChannelAnswer answer = service.handle(success("n-1"));

        assertThat(answer.httpStatus()).isEqualTo(200);
        assertThat(statusNow()).isEqualTo(PaymentStatus.SUCCEEDED);
        assertThat(outbox.events()).singleElement().satisfies(e -> {
            assertThat(e.type()).isEqualTo(EventType.PaymentSucceeded);
            assertThat(e.paymentId()).isEqualTo(payment.id());
        });
        StoredNotification row = lastLogged();
        assertThat(row.completion().outcome()).isEqualTo(NotificationOutcome.APPLIED);
        assertThat(row.completion().statusBefore()).isEqualTo(PaymentStatus.PENDING);
        assertThat(row.completion().statusAfter()).isEqualTo(PaymentStatus.SUCCEEDED);
        assertThat(row.completion().answerStatus()).isEqualTo(200);
        assertThat(row.entry().signatureResult()).isEqualTo(SignatureResult.VALID);
        assertThat(row.entry().rawBody()).isEqualTo(success("n-1").body());
        assertThat(transactions.workloads()).containsOnly(Workload.CALLBACK);
    }

    @Test
    void aReSentNotificationIsADuplicateThatChangesNothingAndIsAnsweredSuccessAgain() {
        service.handle(success("n-1"));
        ChannelAnswer again = service.handle(success("n-1"));

        assertThat(again.httpStatus()).isEqualTo(200);
        assertThat(outbox.events()).hasSize(1);
        assertThat(log.rows()).hasSize(2);
        StoredNotification duplicate = lastLogged();
        assertThat(outcomeOf(duplicate)).isEqualTo(NotificationOutcome.DUPLICATE);
        assertThat(duplicate.entry().duplicateOf()).isEqualTo(1L);
        assertThat(duplicate.dedupKey()).isNull();
    }

    @Test
    void aSecondSuccessWithAnotherNotifyIdIsADuplicateStateAndRaisesNoSecondEvent() {
        service.handle(success("n-1"));
        service.handle(success("n-2"));

        assertThat(outbox.events()).hasSize(1);
        assertThat(lastLogged().completion().outcome()).isEqualTo(NotificationOutcome.DUPLICATE);
    }

    @Test
    void aLowerStateArrivingAfterSuccessIsRecordedAsStaleAndIgnored() {
        service.handle(success("n-1"));
        ChannelAnswer answer = service.handle(notification("n-0", "PROCESSING", 1999, "T-1"));

        assertThat(answer.httpStatus()).isEqualTo(200);
        assertThat(statusNow()).isEqualTo(PaymentStatus.SUCCEEDED);
        assertThat(lastLogged().completion().outcome()).isEqualTo(NotificationOutcome.STALE);
    }

    @Test
    void aWrongSignatureIsRejectedAndChangesNothing() {
        RawNotification forged = notificationFor("m-shop", "not-the-secret-0000", payment.id().value(), "n-1",
                "SUCCESS", 1999, "CNY", "T-1");

        ChannelAnswer answer = service.handle(forged);

        assertThat(answer.httpStatus()).isEqualTo(401);
        assertThat(statusNow()).isEqualTo(PaymentStatus.PENDING);
        assertThat(outbox.events()).isEmpty();
        assertThat(lastLogged().entry().signatureResult()).isEqualTo(SignatureResult.BAD_SIGNATURE);
        assertThat(outcomeOf(lastLogged())).isEqualTo(NotificationOutcome.REJECTED);
    }

    @Test
    void aTimestampOutsideTheToleranceIsRejected() {
        String body = TestChannelFormat.body("n-1", "m-shop", payment.id().value(), "T-1", "SUCCESS", 1999, "CNY", NOW);
        RawNotification old = new RawNotification(TestChannelFormat.CHANNEL, null,
                TestChannelFormat.signedHeaders(SECRET, body, NOW.minusSeconds(301)),
                body.getBytes(StandardCharsets.UTF_8), false, "t");

        assertThat(service.handle(old).httpStatus()).isEqualTo(401);
        assertThat(lastLogged().entry().signatureResult()).isEqualTo(SignatureResult.STALE_TIMESTAMP);
        assertThat(statusNow()).isEqualTo(PaymentStatus.PENDING);
    }

    @Test
    void aMalformedNotificationIsInvalidAndRecorded() {
        RawNotification garbage = new RawNotification(TestChannelFormat.CHANNEL, null, Map.of(),
                "this is not it".getBytes(StandardCharsets.UTF_8), false, "t");

        assertThat(service.handle(garbage).httpStatus()).isEqualTo(400);
        assertThat(outcomeOf(lastLogged())).isEqualTo(NotificationOutcome.REJECTED);
        assertThat(lastLogged().entry().reason()).isEqualTo("not key=value pairs");
    }

    @Test
    void anUnknownMerchantIsAnsweredAsABadSignatureSoThatMerchantIdsCannotBeProbed() {
        RawNotification stranger = notificationFor("m-nobody", SECRET, payment.id().value(), "n-1", "SUCCESS", 1999,
                "CNY", "T-1");
        RawNotification forged = notificationFor("m-shop", "not-the-secret-0123456", payment.id().value(), "n-2",
                "SUCCESS", 1999, "CNY", "T-1");

        ChannelAnswer toStranger = service.handle(stranger);
        assertThat(lastLogged().entry().reason()).isEqualTo("unknown merchant");
        ChannelAnswer toForger = service.handle(forged);

        assertThat(toStranger).isEqualTo(toForger);
        assertThat(toStranger.httpStatus()).isEqualTo(401);
        assertThat(statusNow()).isEqualTo(PaymentStatus.PENDING);
    }

    @Test
    void pastTheCallersBudgetARejectedNotificationIsAnswered429AndNotRecorded() {
        AtomicInteger left = new AtomicInteger(2);
        budget = (channel, caller) -> caller.equals("10.0.0.9") && left.getAndDecrement() > 0;
        rebuild();
        RawNotification forged = notificationFor("m-shop", "not-the-secret-0123456", payment.id().value(), "n-2",
                "SUCCESS", 1999, "CNY", "T-1");

        assertThat(service.handle(forged, "10.0.0.9").httpStatus()).isEqualTo(401);
        assertThat(service.handle(forged, "10.0.0.9").httpStatus()).isEqualTo(401);
        assertThat(service.handle(forged, "10.0.0.9").httpStatus()).isEqualTo(429);
        assertThat(log.rows()).hasSize(2);
        assertThat(service.handle(success("n-1"), "10.0.0.9").httpStatus()).isEqualTo(200);
        assertThat(statusNow()).isEqualTo(PaymentStatus.SUCCEEDED);
    }

    @Test
    void aRejectedNotificationIsStoredCutToTheCapAndSaysSo() {
        maxStoredRejectedBytes = 8;
        rebuild();
        RawNotification garbage = new RawNotification(TestChannelFormat.CHANNEL, null, Map.of(),
                "this is not it at all".getBytes(StandardCharsets.UTF_8), false, "t");

        service.handle(garbage);

        assertThat(lastLogged().entry().rawBody()).isEqualTo("this is ".getBytes(StandardCharsets.UTF_8));
        assertThat(lastLogged().entry().reason()).endsWith("[raw body cut to its first 8 of 21 bytes]");
    }

    @Test
    void tooLargeBodiesAndHeadersAreRefusedWithoutBeingRead() {
        RawNotification big = new RawNotification(TestChannelFormat.CHANNEL, null, Map.of(), new byte[10], true, "t");
        RawNotification bigHeaders = new RawNotification(TestChannelFormat.CHANNEL, null, Map.of(), new byte[10],
                false, "t", true);

        assertThat(service.handle(big).httpStatus()).isEqualTo(413);
        assertThat(service.handle(bigHeaders).httpStatus()).isEqualTo(431);
        assertThat(log.rows()).hasSize(2).allSatisfy(r -> assertThat(outcomeOf(r)).isEqualTo(NotificationOutcome.REJECTED));
    }

    @Test
    void anUnknownChannelIsRecordedAndReported() {
        RawNotification elsewhere = new RawNotification("nowhere", null, Map.of(), new byte[0], false, "t");

        assertThatThrownBy(() -> service.handle(elsewhere)).isInstanceOf(UnknownChannel.class);
        assertThat(lastLogged().entry().channel()).isEqualTo("nowhere");
    }

    /** Records each warning with the ids named when it was logged. */
    static final class RecordingWorkLog implements WorkLog {
        final Map<String, String> named = new LinkedHashMap<>();
        final List<String> warnings = new ArrayList<>();

        @Override
        public Scope about(String key, String value) {
            if (value == null) {
                return () -> { };
            }
            named.put(key, value);
            return () -> named.remove(key);
        }

        @Override
        public void warn(String message) {
            warnings.add(named + " " + message);
        }
    }

    private RecordingWorkLog recordingWorkLog() {
        RecordingWorkLog workLog = new RecordingWorkLog();
        service = CallbackServices.handleChannelNotification(List.of(new TestChannelFormat()), credentials, payments,
                log, outbox, reviews, transactions, point -> crashPoints.reached(point),
                Clock.fixed(NOW, ZoneOffset.UTC), new Random(42),
                ResolutionServices.recordUnknownOutcome(ledger, cases, payments,
                        transactions, Clock.fixed(NOW, ZoneOffset.UTC), Duration.ofSeconds(30)),
                budget, maxStoredRejectedBytes, RefundNoticeApplier.none(), workLog);
        return workLog;
    }

    @Test
    void aNotificationHeldForReviewIsWarnedAboutNamingItsTenantAndPaymentAndTheNamesEndWithIt() {
        RecordingWorkLog workLog = recordingWorkLog();

        service.handle(success("n-ok"));
        assertThat(workLog.warnings).as("an applied notification is not warned about").isEmpty();

        service.handle(notificationFor("m-shop", SECRET, "pay_0001", "n-held", "SUCCESS", 1, "CNY", "T-1"));

        assertThat(workLog.warnings).singleElement().asString()
                .startsWith("{tenant_id=shop, payment_id=pay_0001} Notification n-held from ")
                .contains("held for review");
        assertThat(workLog.named).as("named only while the notification is handled").isEmpty();
    }

    @Test
    void anAmountMismatchIsHeldForReviewAnsweredSuccessAndChangesNothing() {
        ChannelAnswer answer = service.handle(notification("n-1", "SUCCESS", 1, "T-1"));

        assertThat(answer.httpStatus()).isEqualTo(200);
        assertThat(statusNow()).isEqualTo(PaymentStatus.PENDING);
        assertThat(outbox.events()).isEmpty();
        assertThat(reviews.cases()).singleElement()
                .satisfies(c -> assertThat(c.reason()).isEqualTo(AnomalyReason.AMOUNT_MISMATCH));
        assertThat(lastLogged().completion().outcome()).isEqualTo(NotificationOutcome.HELD_FOR_REVIEW);
    }

    @Test
    void aReSentCopyOfAHeldNotificationIsAnsweredAsTheFirstWasAndOpensNoSecondCase() {
        service.handle(notification("n-1", "SUCCESS", 1, "T-1"));
        ChannelAnswer again = service.handle(notification("n-1", "SUCCESS", 1, "T-1"));

        assertThat(again.httpStatus()).isEqualTo(200);
        assertThat(outcomeOf(lastLogged())).isEqualTo(NotificationOutcome.DUPLICATE);
        assertThat(reviews.cases()).hasSize(1);
    }

    @Test
    void aChannelThatRefusesHeldNotificationsIsAnsweredFailureForTheFirstAndEveryCopy() {
        service = CallbackServices.handleChannelNotification(List.of(new TestChannelFormat() {
            @Override
            public ChannelAnswer heldAnswer() {
                return new ChannelAnswer(409, "text/plain", "HELD");
            }
        }), credentials, payments, log, outbox, reviews, transactions, point -> crashPoints.reached(point),
                Clock.fixed(NOW, ZoneOffset.UTC), new Random(42), ResolutionServices.recordUnknownOutcome(ledger,
                cases, payments, transactions, Clock.fixed(NOW, ZoneOffset.UTC), Duration.ofSeconds(30)), budget,
                maxStoredRejectedBytes);

        ChannelAnswer first = service.handle(notification("n-1", "SUCCESS", 1, "T-1"));
        ChannelAnswer copy = service.handle(notification("n-1", "SUCCESS", 1, "T-1"));
        ChannelAnswer matching = service.handle(success("n-2"));

        assertThat(first.httpStatus()).isEqualTo(409);
        assertThat(copy.httpStatus()).as("a copy of the held one").isEqualTo(409);
        assertThat(log.rows().get(0).completion().answerStatus()).isEqualTo(409);
        assertThat(log.rows().get(1).completion().answerStatus()).isEqualTo(409);
        assertThat(reviews.cases()).hasSize(1);
        assertThat(matching.httpStatus()).as("a notification that agrees is answered success").isEqualTo(200);
        assertThat(statusNow()).isEqualTo(PaymentStatus.SUCCEEDED);
    }

    @Test
    void aCurrencyMismatchIsHeldForReview() {
        service.handle(notificationFor("m-shop", SECRET, payment.id().value(), "n-1", "SUCCESS", 1999, "USD", "T-1"));

        assertThat(reviews.cases()).singleElement()
                .satisfies(c -> assertThat(c.reason()).isEqualTo(AnomalyReason.CURRENCY_MISMATCH));
        assertThat(statusNow()).isEqualTo(PaymentStatus.PENDING);
    }

    @Test
    void successAfterCloseIsHeldForReviewNotSilentlyWritten() {
        service.handle(notification("n-1", "CLOSED", 1999, "T-1"));
        ChannelAnswer answer = service.handle(notification("n-2", "SUCCESS", 1999, "T-1"));

        assertThat(answer.httpStatus()).isEqualTo(200);
        assertThat(statusNow()).isEqualTo(PaymentStatus.CLOSED);
        assertThat(reviews.cases()).singleElement()
                .satisfies(c -> assertThat(c.reason()).isEqualTo(AnomalyReason.SUCCESS_AFTER_CLOSE));
        assertThat(outbox.events()).extracting(e -> e.type()).containsExactly(EventType.PaymentClosed);
    }

    @Test
    void aNotificationNamingAnotherMerchantsPaymentIsHeldAsAMerchantMismatch() {
        Payment theirs = newPayment(OTHER_SHOP, "pay_their0001");

        service.handle(notificationFor("m-shop", SECRET, theirs.id().value(), "n-1", "SUCCESS", 1999, "CNY", "T-9"));

        assertThat(reviews.cases()).singleElement().satisfies(c -> {
            assertThat(c.reason()).isEqualTo(AnomalyReason.MERCHANT_MISMATCH);
            assertThat(c.tenantId()).isEqualTo(SHOP);
            assertThat(c.paymentId()).isNull();
        });
        assertThat(payments.findById(OTHER_SHOP, theirs.id()).orElseThrow().status()).isEqualTo(PaymentStatus.PENDING);
    }

    @Test
    void aNotificationForNoPaymentIsHeldAsUnknownPayment() {
        service.handle(notificationFor("m-shop", SECRET, "pay_nothing", "n-1", "SUCCESS", 1999, "CNY", "T-1"));

        assertThat(reviews.cases()).singleElement()
                .satisfies(c -> assertThat(c.reason()).isEqualTo(AnomalyReason.UNKNOWN_PAYMENT));
    }

    @Test
    void aTradeNumberAlreadyBoundToAnotherPaymentIsHeldForReview() {
        service.handle(success("n-1"));
        Payment second = newPayment(SHOP, "pay_0002");

        ChannelAnswer answer = service.handle(notificationFor("m-shop", SECRET, second.id().value(), "n-2", "SUCCESS",
                1999, "CNY", "T-1"));

        assertThat(answer.httpStatus()).isEqualTo(200);
        assertThat(payments.findById(SHOP, second.id()).orElseThrow().status()).isEqualTo(PaymentStatus.PENDING);
        assertThat(reviews.cases()).singleElement()
                .satisfies(c -> assertThat(c.reason()).isEqualTo(AnomalyReason.TRADE_NO_BOUND_ELSEWHERE));
        assertThat(outbox.events()).hasSize(1);
    }

    @Test
    void aGenuineEventThatIsNotAboutStatusIsAcknowledged() {
        ChannelAnswer answer = service.handle(notification("n-1", "OTHER", 1999, "T-1"));

        assertThat(answer.httpStatus()).isEqualTo(200);
        assertThat(lastLogged().completion().outcome()).isEqualTo(NotificationOutcome.ACKNOWLEDGED);
        assertThat(statusNow()).isEqualTo(PaymentStatus.PENDING);
    }

    @Test
    void deadlocksAreRetriedInsideAndTheNotificationAppliesOnce() {
        transactions.failNextBeforeWork(new PersistenceFailure(OutcomeClass.RETRYABLE, "deadlock", null),
                new PersistenceFailure(OutcomeClass.RETRYABLE, "lock wait timeout", null));

        ChannelAnswer answer = service.handle(success("n-1"));

        assertThat(answer.httpStatus()).isEqualTo(200);
        assertThat(statusNow()).isEqualTo(PaymentStatus.SUCCEEDED);
        assertThat(outbox.events()).hasSize(1);
    }

    @Test
    void aNotificationThatCouldNotBeRecordedIsWarnedAboutNamingItsTenantAndPayment() {
        RecordingWorkLog workLog = recordingWorkLog();
        PersistenceFailure deadlock = new PersistenceFailure(OutcomeClass.RETRYABLE, "deadlock", null);
        transactions.failNextBeforeWork(deadlock, deadlock, deadlock);

        assertThat(service.handle(success("n-lost")).httpStatus()).isEqualTo(503);

        assertThat(workLog.warnings).singleElement().asString()
                .startsWith("{tenant_id=shop, payment_id=pay_0001} Notification n-lost from ")
                .contains("not recorded").contains("deadlock");
        assertThat(workLog.named).isEmpty();
    }

    @Test
    void whenRetriesRunOutTheChannelIsAskedToSendAgainAndNothingChanged() {
        PersistenceFailure deadlock = new PersistenceFailure(OutcomeClass.RETRYABLE, "deadlock", null);
        transactions.failNextBeforeWork(deadlock, deadlock, deadlock);

        ChannelAnswer answer = service.handle(success("n-1"));

        assertThat(answer.httpStatus()).isEqualTo(503);
        assertThat(statusNow()).isEqualTo(PaymentStatus.PENDING);
        assertThat(outbox.events()).isEmpty();
        assertThat(outcomeOf(lastLogged())).isEqualTo(NotificationOutcome.NOT_RECORDED);
    }

    @Test
    void aPaymentThatKeptChangingIsTriedAgainInsideAndTheNotificationAppliesOnce() {
        payments.loseNextUpdates(ChannelReportApplier.MAX_REREADS);

        ChannelAnswer answer = service.handle(success("n-1"));

        assertThat(answer.httpStatus()).isEqualTo(200);
        assertThat(statusNow()).isEqualTo(PaymentStatus.SUCCEEDED);
        assertThat(outbox.events()).hasSize(1);
        assertThat(log.rows()).hasSize(1);
    }

    @Test
    void whenThePaymentKeepsChangingTheChannelIsAskedToSendAgainAndNothingIsLedgered() {
        payments.loseNextUpdates(ChannelReportApplier.MAX_REREADS * CallbackTransaction.MAX_ATTEMPTS);

        ChannelAnswer answer = service.handle(success("n-1"));

        assertThat(answer.httpStatus()).isEqualTo(503);
        assertThat(statusNow()).isEqualTo(PaymentStatus.PENDING);
        assertThat(outbox.events()).isEmpty();
        assertThat(outcomeOf(lastLogged())).isEqualTo(NotificationOutcome.NOT_RECORDED);
        assertThat(lastLogged().entry().reason()).isEqualTo("could not record: payment pay_0001 kept changing");
        assertThat(ledger.rows()).as("a retryable conflict is no unknown outcome").isEmpty();
    }

    @Test
    void anUnknownCommitOutcomeIsAnsweredRetryNeverFailureAndTheReSendIsADuplicate() {
        transactions.failNextAtCommit(new PersistenceFailure(OutcomeClass.UNKNOWN, "timeout during COMMIT", null));

        ChannelAnswer first = service.handle(success("n-1"));
        ChannelAnswer resent = service.handle(success("n-1"));

        assertThat(first.httpStatus()).isEqualTo(503);
        assertThat(resent.httpStatus()).isEqualTo(200);
        assertThat(statusNow()).isEqualTo(PaymentStatus.SUCCEEDED);
        assertThat(outbox.events()).hasSize(1);
        assertThat(outcomeOf(lastLogged())).isEqualTo(NotificationOutcome.DUPLICATE);
    }

    @Test
    void aCommitThatTimedOutButHappenedIsLedgeredAndTheCommittedSuccessIsKept() {
        transactions.failNextAtCommit(new PersistenceFailure(OutcomeClass.UNKNOWN, "timeout during COMMIT", null));

        assertThat(service.handle(success("n-1")).httpStatus()).isEqualTo(503);

        assertThat(statusNow()).as("an unknown outcome never overwrites what did commit").isEqualTo(
                PaymentStatus.SUCCEEDED);
        assertThat(ledger.rows()).singleElement().satisfies(entry -> {
            assertThat(entry.origin()).isEqualTo(UnknownOutcomeOrigin.CALLBACK_COMMIT);
            assertThat(entry.paymentId()).isEqualTo(payment.id());
            assertThat(entry.reference()).isEqualTo("n-1");
            assertThat(entry.open()).isTrue();
        });
        assertThat(cases.find(SHOP, payment.id())).hasValueSatisfying(c -> {
            assertThat(c.status()).isEqualTo(ResolutionStatus.OPEN);
            assertThat(c.nextAttemptAt()).isEqualTo(NOW.plusSeconds(30));
        });
    }

    @Test
    void aCommitThatTimedOutAndDidNotHappenLeavesThePaymentUnknownNeverFailed() {
        transactions.failNextBeforeWork(new PersistenceFailure(OutcomeClass.UNKNOWN, "connection lost in COMMIT",
                null));

        assertThat(service.handle(success("n-1")).httpStatus()).isEqualTo(503);

        assertThat(statusNow()).isEqualTo(PaymentStatus.UNKNOWN);
        assertThat(outbox.events()).isEmpty();
        assertThat(ledger.rows()).hasSize(1);
        assertThat(cases.find(SHOP, payment.id())).isPresent();
    }

    @Test
    void aRetryableFailureIsNotAnUnknownOutcomeAndIsNotLedgered() {
        PersistenceFailure deadlock = new PersistenceFailure(OutcomeClass.RETRYABLE, "deadlock", null);
        transactions.failNextBeforeWork(deadlock, deadlock, deadlock);

        assertThat(service.handle(success("n-1")).httpStatus()).isEqualTo(503);

        assertThat(ledger.rows()).isEmpty();
        assertThat(statusNow()).isEqualTo(PaymentStatus.PENDING);
    }

    @Test
    void aCrashBeforeCommitLeavesNothingBehindAndTheReSendApplies() {
        crashPoints = point -> {
            if (point.equals(CrashPoints.C1_BEFORE_COMMIT)) {
                throw new SimulatedCrash(point);
            }
        };
        assertThatThrownBy(() -> service.handle(success("n-1"))).isInstanceOf(SimulatedCrash.class);
        assertThat(statusNow()).isEqualTo(PaymentStatus.PENDING);
        assertThat(outbox.events()).isEmpty();
        assertThat(log.rows()).isEmpty();

        crashPoints = CrashPoints.NONE;
        assertThat(service.handle(success("n-1")).httpStatus()).isEqualTo(200);
        assertThat(statusNow()).isEqualTo(PaymentStatus.SUCCEEDED);
        assertThat(outbox.events()).hasSize(1);
    }

    @Test
    void aCrashAfterCommitBeforeTheAnswerMakesTheReSendADuplicate() {
        crashPoints = point -> {
            if (point.equals(CrashPoints.C2_BEFORE_ANSWER)) {
                throw new SimulatedCrash(point);
            }
        };
        assertThatThrownBy(() -> service.handle(success("n-1"))).isInstanceOf(SimulatedCrash.class);
        assertThat(statusNow()).isEqualTo(PaymentStatus.SUCCEEDED);

        crashPoints = CrashPoints.NONE;
        assertThat(service.handle(success("n-1")).httpStatus()).isEqualTo(200);
        assertThat(outbox.events()).hasSize(1);
        assertThat(outcomeOf(lastLogged())).isEqualTo(NotificationOutcome.DUPLICATE);
    }

    @Test
    void aSecretRotatedWithinItsGracePeriodStillVerifies() {
        credentials.addSecret(SHOP, TestChannelFormat.CHANNEL, "signing-secret", "new-secret-0123456789", NOW,
                NOW.plusSeconds(3600));

        assertThat(service.handle(success("n-1")).httpStatus()).isEqualTo(200);
        assertThat(service.handle(notificationFor("m-shop", "new-secret-0123456789", payment.id().value(), "n-2",
                "SUCCESS", 1999, "CNY", "T-1")).httpStatus()).isEqualTo(200);
    }
}
