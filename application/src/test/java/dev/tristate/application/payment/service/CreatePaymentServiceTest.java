package dev.tristate.application.payment.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.tristate.application.fakes.InMemoryChannelCredentialStore;
import dev.tristate.application.fakes.InMemoryIdempotencyStore;
import dev.tristate.application.fakes.InMemoryPaymentRepository;
import dev.tristate.application.fakes.InMemoryResolutionCases;
import dev.tristate.application.fakes.InMemoryTransactions;
import dev.tristate.application.fakes.InMemoryUnknownOutcomeLedger;
import dev.tristate.application.fakes.RecordingPaymentRenderer;
import dev.tristate.application.fakes.SettableClock;
import dev.tristate.application.idempotency.port.in.IdempotencyKeyInUse;
import dev.tristate.application.idempotency.port.in.IdempotencyKeyReused;
import dev.tristate.application.idempotency.port.in.IdempotentResponse;
import dev.tristate.application.idempotency.service.IdempotencyServices;
import dev.tristate.application.idempotency.service.IdempotencySettings;
import dev.tristate.application.payment.port.in.ChannelRefused;
import dev.tristate.application.payment.port.in.ChannelUnavailable;
import dev.tristate.application.payment.port.in.CreatePaymentUseCase.CreatePaymentCommand;
import dev.tristate.application.payment.port.in.CreatePaymentUseCase.PaymentRequest;
import dev.tristate.application.payment.port.in.Rejection;
import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.resolution.service.ResolutionServices;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.in.FieldError;
import dev.tristate.domain.idempotency.IdempotencyEntry;
import dev.tristate.domain.idempotency.IdempotencyKey;
import dev.tristate.domain.idempotency.IdempotencyRecord.State;
import dev.tristate.domain.idempotency.RequestFingerprint;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PayInstruction;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.TestIds;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.resolution.ResolutionStatus;
import dev.tristate.domain.resolution.UnknownOutcomeOrigin;
import dev.tristate.domain.tenant.TenantId;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every branch of the idempotent create, on in-memory fakes of the ports. */
class CreatePaymentServiceTest {

    private static final Instant T0 = Instant.parse("2026-11-30T08:00:00.123456Z");
    private static final TenantId TENANT = new TenantId("tenant-a");
    private static final TenantId OTHER_TENANT = new TenantId("tenant-b");
    private static final String CHANNEL = "testpay";
    private static final IdempotencySettings SETTINGS = IdempotencySettings.defaults();

    private final SettableClock clock = new SettableClock(T0);
    private final InMemoryIdempotencyStore keys = new InMemoryIdempotencyStore();
    private final InMemoryPaymentRepository payments = new InMemoryPaymentRepository();
    private final InMemoryUnknownOutcomeLedger ledger = new InMemoryUnknownOutcomeLedger();
    private final InMemoryResolutionCases cases = new InMemoryResolutionCases(payments);
    private final InMemoryTransactions transactions = new InMemoryTransactions(keys, payments, ledger, cases);
    private final InMemoryChannelCredentialStore credentials = new InMemoryChannelCredentialStore();
    private final ScriptedGateway gateway = new ScriptedGateway(CHANNEL);
    private final RecordingPaymentRenderer renderer = new RecordingPaymentRenderer();
    private final CreatePaymentService service = new CreatePaymentService(
            IdempotencyServices.idempotentCommands(keys, transactions, clock, UUID::randomUUID, SETTINGS), payments,
            credentials,
            List.of(gateway, new ScriptedGateway("otherpay"), new QueryOnlyGateway()), clock, TestIds.paymentIds(),
            ResolutionServices.recordUnknownOutcome(ledger, cases, payments, transactions, clock,
                    Duration.ofSeconds(30)));

    CreatePaymentServiceTest() {
        credentials.bindAccount(TENANT, CHANNEL, "merchant-a", T0);
        credentials.bindAccount(OTHER_TENANT, CHANNEL, "merchant-b", T0);
    }

    private static PaymentRequest aRequest(String merchantOrderId) {
        return new PaymentRequest(merchantOrderId, 1999L, "CNY", CHANNEL, "u-42", "course:java-101", "Java 101",
                List.of());
    }

    private static RequestFingerprint fingerprintOf(PaymentRequest request) {
        return RequestFingerprint.of("POST", "/api/v1/payments", request.toString());
    }

    private IdempotentResponse create(TenantId tenant, String key, PaymentRequest request) {
        return service.createPayment(new CreatePaymentCommand(tenant, new IdempotencyKey(key), fingerprintOf(request),
                request, renderer));
    }

    private IdempotentResponse create(String key, PaymentRequest request) {
        return create(TENANT, key, request);
    }

    private IdempotencyEntry storedKey(TenantId tenant, String key) {
        return keys.find(tenant, new IdempotencyKey(key)).orElseThrow();
    }

    private long paymentsOf(TenantId tenant) {
        return payments.countByStatus(tenant).values().stream().mapToLong(Long::longValue).sum();
    }

    private static String paymentIdIn(IdempotentResponse response) {
        return response.response().body().split(" ")[1];
    }

    @Test
    void createsAPendingPaymentRegisteredAtTheChannelAndStoresTheAnswerUnderTheKey() {
        IdempotentResponse response = create("k-1", aRequest("o-1001"));

        assertThat(response.replayed()).isFalse();
        assertThat(response.response().status()).isEqualTo(201);
        PaymentId id = new PaymentId(paymentIdIn(response));
        assertThat(id.value()).matches("pay_[0-9A-HJKMNP-TV-Z]{26}");
        Payment stored = payments.findById(TENANT, id).orElseThrow();
        assertThat(stored.status()).isEqualTo(PaymentStatus.PENDING);
        assertThat(stored.amount()).isEqualTo(Money.of(1999, "CNY"));
        assertThat(stored.merchantOrderId().value()).isEqualTo("o-1001");
        assertThat(stored.channel()).isEqualTo(CHANNEL);
        assertThat(stored.createdAt()).isEqualTo(T0);
        assertThat(gateway.registered).containsExactly(id.value() + "@merchant-a");
        IdempotencyEntry key = storedKey(TENANT, "k-1");
        assertThat(key.record().state()).isEqualTo(State.COMPLETED);
        assertThat(key.record().responseStatus()).isEqualTo(201);
        assertThat(key.record().responseBody()).isEqualTo(response.response().body());
        assertThat(key.record().expiresAt()).isEqualTo(T0.plus(Duration.ofHours(24)));
    }

    @Test
    void theSameRequestAgainReplaysTheStoredStatusAndBodyWithoutCallingTheChannel() {
        IdempotentResponse first = create("k-1", aRequest("o-1001"));
        clock.advance(Duration.ofHours(23));

        IdempotentResponse again = create("k-1", aRequest("o-1001"));

        assertThat(again.replayed()).isTrue();
        assertThat(again.response()).isEqualTo(first.response());
        assertThat(gateway.registered).hasSize(1);
        assertThat(paymentsOf(TENANT)).isEqualTo(1);
    }

    @Test
    void theSameKeyWithAnotherRequestIsRefusedAsReused() {
        create("k-1", aRequest("o-1001"));

        assertThatThrownBy(() -> create("k-1", aRequest("o-1002"))).isInstanceOf(IdempotencyKeyReused.class);
        assertThat(paymentsOf(TENANT)).isEqualTo(1);
        assertThat(gateway.registered).hasSize(1);
    }

    @Test
    void whileTheFirstRequestIsInFlightTheSameRequestIsToldToRetryAfterTheLease() {
        clock.advance(Duration.ofMillis(400));
        List<Throwable> concurrent = new ArrayList<>();
        gateway.duringNextCall(payment -> {
            clock.advance(Duration.ofSeconds(10));
            concurrent.add(catchThrowable(() -> create("k-1", aRequest("o-1001"))));
        });

        IdempotentResponse first = create("k-1", aRequest("o-1001"));

        assertThat(first.response().status()).isEqualTo(201);
        assertThat(concurrent).singleElement().isInstanceOfSatisfying(IdempotencyKeyInUse.class,
                e -> assertThat(e.retryAfter()).isEqualTo(Duration.ofSeconds(20)));
        assertThat(gateway.registered).hasSize(1);
    }

    @Test
    void aKeyLeftInFlightIsTakenOverAfterItsLeaseAndTheSameTradeIsRegisteredAgain() {
        gateway.duringNextCall(payment -> transactions.failNextBeforeWork(unknown()));
        IdempotentResponse unknown = create("k-1", aRequest("o-1001"));
        assertThat(unknown.response().status()).isEqualTo(202);
        String reserved = paymentIdIn(unknown);
        assertThat(payments.findById(TENANT, new PaymentId(reserved))).isEmpty();
        assertThat(storedKey(TENANT, "k-1").inFlight()).isTrue();

        assertThatThrownBy(() -> create("k-1", aRequest("o-1001"))).isInstanceOf(IdempotencyKeyInUse.class);

        clock.advance(SETTINGS.lease());
        IdempotentResponse retried = create("k-1", aRequest("o-1001"));

        assertThat(retried.response().status()).isEqualTo(201);
        assertThat(retried.replayed()).isFalse();
        assertThat(paymentIdIn(retried)).isEqualTo(reserved);
        assertThat(gateway.registered).containsExactly(reserved + "@merchant-a", reserved + "@merchant-a");
        assertThat(payments.findById(TENANT, new PaymentId(reserved))).isPresent();
        assertThat(storedKey(TENANT, "k-1").record().state()).isEqualTo(State.COMPLETED);
    }

    @Test
    void aSlowAttemptWhoseKeyWasTakenOverWritesNothingAndAnswersWithTheWinnersAnswer() {
        List<IdempotentResponse> winner = new ArrayList<>();
        gateway.duringNextCall(payment -> {
            clock.advance(SETTINGS.lease().plusSeconds(1));
            winner.add(create("k-1", aRequest("o-1001")));
        });

        IdempotentResponse slow = create("k-1", aRequest("o-1001"));

        assertThat(winner).singleElement().satisfies(w -> {
            assertThat(w.response().status()).isEqualTo(201);
            assertThat(w.replayed()).isFalse();
        });
        assertThat(slow.replayed()).isTrue();
        assertThat(slow.response()).isEqualTo(winner.get(0).response());
        assertThat(paymentsOf(TENANT)).isEqualTo(1);
    }

    @Test
    void anExpiredKeyIsTakenAsNewForAnyRequest() {
        IdempotentResponse first = create("k-1", aRequest("o-1001"));
        clock.advance(SETTINGS.retention());

        IdempotentResponse second = create("k-1", aRequest("o-2002"));

        assertThat(second.replayed()).isFalse();
        assertThat(second.response().status()).isEqualTo(201);
        assertThat(paymentIdIn(second)).isNotEqualTo(paymentIdIn(first));
        assertThat(paymentsOf(TENANT)).isEqualTo(2);
        assertThat(storedKey(TENANT, "k-1").record().fingerprint()).isEqualTo(fingerprintOf(aRequest("o-2002")));
    }

    @Test
    void aValidationFailureIsStoredAndReplayedAndNeverReachesTheChannel() {
        PaymentRequest invalid = new PaymentRequest("o-1001", 0L, "cny", "nochannel", " ", "course:s", null,
                List.of(new FieldError("merchant_order_id", "must be a string")));

        IdempotentResponse first = create("k-1", invalid);
        IdempotentResponse again = create("k-1", invalid);

        assertThat(first.response().status()).isEqualTo(422);
        assertThat(renderer.rejections).singleElement().isEqualTo(new Rejection.ValidationFailed(List.of(
                new FieldError("merchant_order_id", "must be a string"),
                new FieldError("amount_minor", "must be a positive integer (minor units)"),
                new FieldError("currency", "must be an upper-case ISO 4217 currency code"),
                new FieldError("channel", "must be one of: otherpay, testpay"),
                new FieldError("user_id", "must be 1-64 printable ASCII characters"))));
        assertThat(again.replayed()).isTrue();
        assertThat(again.response()).isEqualTo(first.response());
        assertThat(gateway.registered).isEmpty();
        assertThat(storedKey(TENANT, "k-1").record().state()).isEqualTo(State.COMPLETED);
    }

    @Test
    void aChannelWithoutTheTenantsAccountIsAValidationFailureNamingTheChannel() {
        PaymentRequest request = new PaymentRequest("o-1", 100L, "USD", "otherpay", "u", "course:s", null, List.of());

        IdempotentResponse first = create("k-1", request);

        assertThat(first.response().status()).isEqualTo(422);
        assertThat(renderer.rejections).containsExactly(new Rejection.ValidationFailed(List.of(new FieldError(
                "channel", "names a channel at which this merchant has no account: otherpay"))));
        assertThat(create("k-1", request).replayed()).isTrue();
        assertThat(storedKey(TENANT, "k-1").record().responseBody()).isEqualTo(first.response().body());
    }

    @Test
    void aMissingAccountIsReportedWithTheOtherBrokenFields() {
        PaymentRequest request = new PaymentRequest("o-1", 0L, "USD", "otherpay", "u", "course:s", null, List.of());

        create("k-1", request);

        assertThat(renderer.rejections).singleElement().isInstanceOfSatisfying(Rejection.ValidationFailed.class,
                failed -> assertThat(failed.errors()).extracting(FieldError::field)
                        .containsExactly("amount_minor", "channel"));
    }

    @Test
    void aGatewayThatCreatesNoTradesIsNoChannelAPaymentMayName() {
        credentials.bindAccount(TENANT, "queryonly", "merchant-q", T0);
        PaymentRequest request = new PaymentRequest("o-1", 100L, "CNY", "queryonly", "u", "course:s", null,
                List.of());

        create("k-1", request);

        assertThat(renderer.rejections).containsExactly(new Rejection.ValidationFailed(List.of(
                new FieldError("channel", "must be one of: otherpay, testpay"))));
    }

    @Test
    void withoutAPayMethodTheChannelsDefaultIsAskedFor() {
        create("k-1", aRequest("o-1"));

        assertThat(gateway.methods).containsExactly("page");
    }

    @Test
    void theRequestedPayMethodIsAskedForAndTheAnswerRendered() {
        PaymentRequest request = new PaymentRequest("o-1", 1999L, "CNY", CHANNEL, "qr", "u-42", "course:java-101",
                null, List.of());

        IdempotentResponse created = create("k-1", request);

        assertThat(gateway.methods).containsExactly("qr");
        assertThat(created.response().body()).contains("qr https://pay.example/");
    }

    @Test
    void aPayMethodTheChannelDoesNotHaveIsAValidationFailureNamingIt() {
        PaymentRequest request = new PaymentRequest("o-1", 1999L, "CNY", CHANNEL, "jsapi", "u-42", "course:java-101",
                null, List.of());

        IdempotentResponse first = create("k-1", request);

        assertThat(first.response().status()).isEqualTo(422);
        assertThat(renderer.rejections).containsExactly(new Rejection.ValidationFailed(List.of(new FieldError(
                "pay_method", "must be one of page, qr at channel testpay (default page)"))));
        assertThat(gateway.registered).isEmpty();
        assertThat(create("k-1", request).replayed()).isTrue();
    }

    @Test
    void newPaymentsTakeTheirIdsFromTheIdSource() {
        IdempotentResponse first = create("k-1", aRequest("o-1"));
        IdempotentResponse second = create("k-2", aRequest("o-2"));

        assertThat(paymentIdIn(first)).isEqualTo("pay_" + TestIds.ulid(1));
        assertThat(paymentIdIn(second)).isEqualTo("pay_" + TestIds.ulid(2));
    }

    @Test
    void aDefiniteRefusalOfTheChannelCarriesItsReason() {
        gateway.failNextWith(new ChannelFailure(OutcomeClass.DEFINITE, "unknown merchant_id m-1", null));

        assertThatThrownBy(() -> create("k-1", aRequest("o-1001"))).isInstanceOfSatisfying(ChannelRefused.class,
                refused -> assertThat(refused.reason()).isEqualTo("unknown merchant_id m-1"));
        assertThat(paymentsOf(TENANT)).isZero();
    }

    @ParameterizedTest
    @EnumSource(value = OutcomeClass.class, names = {"DEFINITE", "RETRYABLE"})
    void aChannelFailureStoresNothingAndTheRetryMayStartAtOnce(OutcomeClass outcome) {
        gateway.failNextWith(new ChannelFailure(outcome, "connection refused", null));

        assertThatThrownBy(() -> create("k-1", aRequest("o-1001"))).isInstanceOf(
                outcome == OutcomeClass.DEFINITE ? ChannelRefused.class : ChannelUnavailable.class);
        IdempotencyEntry released = storedKey(TENANT, "k-1");
        assertThat(released.inFlight()).isTrue();
        assertThat(released.leaseUntil()).isEqualTo(T0);
        assertThat(paymentsOf(TENANT)).isZero();

        IdempotentResponse retried = create("k-1", aRequest("o-1001"));

        assertThat(retried.response().status()).isEqualTo(201);
        assertThat(paymentIdIn(retried)).isEqualTo(released.reservedId());
    }

    @Test
    void aLostAnswerToTheTradesCreationStoresThePaymentPendingAsksTheChannelAndNeverRegistersASecondTrade() {
        gateway.failNextWith(new ChannelFailure(OutcomeClass.UNKNOWN, "read timed out", null));

        IdempotentResponse first = create("k-1", aRequest("o-1001"));

        assertThat(first.response().status()).isEqualTo(202);
        assertThat(first.response().body()).startsWith("trade unknown ").endsWith(" PENDING");
        assertThat(paymentsOf(TENANT)).isEqualTo(1);
        PaymentId id = new PaymentId(first.response().body().split(" ")[2]);
        assertThat(payments.findById(TENANT, id)).get().extracting(Payment::status).isEqualTo(PaymentStatus.PENDING);
        assertThat(ledger.rows()).singleElement().satisfies(entry -> {
            assertThat(entry.origin()).isEqualTo(UnknownOutcomeOrigin.TRADE_CREATE_CHANNEL_CALL);
            assertThat(entry.paymentId()).isEqualTo(id);
            assertThat(entry.reference()).isEqualTo("k-1");
        });
        assertThat(cases.find(TENANT, id)).as("the resolver asks the channel").hasValueSatisfying(
                c -> assertThat(c.status()).isEqualTo(ResolutionStatus.OPEN));

        IdempotentResponse retried = create("k-1", aRequest("o-1001"));

        assertThat(retried.replayed()).isTrue();
        assertThat(retried.response()).isEqualTo(first.response());
        assertThat(gateway.registered).as("one trade only, never a second under that payment").hasSize(1);
        assertThat(paymentsOf(TENANT)).isEqualTo(1);
    }

    @Test
    void aRetryableFailureOfTheBusinessTransactionStoresNothingAndReleasesTheKey() {
        PersistenceFailure deadlock = new PersistenceFailure(OutcomeClass.RETRYABLE, "deadlock", null);
        gateway.duringNextCall(payment -> transactions.failNextBeforeWork(deadlock));

        assertThatThrownBy(() -> create("k-1", aRequest("o-1001"))).isSameAs(deadlock);
        assertThat(paymentsOf(TENANT)).isZero();
        assertThat(storedKey(TENANT, "k-1").leaseUntil()).isEqualTo(T0);

        assertThat(create("k-1", aRequest("o-1001")).response().status()).isEqualTo(201);
        assertThat(paymentsOf(TENANT)).isEqualTo(1);
    }

    @Test
    void aDefiniteFailureOfTheBusinessTransactionRollsTheKeyBackToInFlight() {
        gateway.duringNextCall(payment -> payments.insert(payment));

        assertThatThrownBy(() -> create("k-1", aRequest("o-1001")))
                .isInstanceOf(PersistenceFailure.AlreadyExists.class);

        IdempotencyEntry key = storedKey(TENANT, "k-1");
        assertThat(key.inFlight()).as("the completion rolled back with the insert").isTrue();
        assertThat(key.record().responseBody()).isNull();
    }

    @Test
    void anUnknownCommitIsLedgeredWithItsKeyAndAResolverCaseIsOpenedNeverAFailure() {
        gateway.duringNextCall(payment -> transactions.failNextAtCommit(unknown()));

        IdempotentResponse unknown = create("k-1", aRequest("o-1001"));

        assertThat(unknown.response().status()).isEqualTo(202);
        PaymentId paymentId = new PaymentId(paymentIdIn(unknown));
        assertThat(ledger.rows()).singleElement().satisfies(entry -> {
            assertThat(entry.origin()).isEqualTo(UnknownOutcomeOrigin.PAYMENT_CREATE_COMMIT);
            assertThat(entry.paymentId()).isEqualTo(paymentId);
            assertThat(entry.channel()).isEqualTo(CHANNEL);
            assertThat(entry.reference()).isEqualTo("k-1");
        });
        assertThat(cases.find(TENANT, paymentId)).hasValueSatisfying(
                c -> assertThat(c.status()).isEqualTo(ResolutionStatus.OPEN));
    }

    @Test
    void aCreateWhoseCommitDidNotHappenIsStillAnswered202AndLedgered() {
        gateway.duringNextCall(payment -> transactions.failNextBeforeWork(unknown()));

        IdempotentResponse unknown = create("k-1", aRequest("o-1001"));

        assertThat(unknown.response().status()).isEqualTo(202);
        assertThat(payments.findById(TENANT, new PaymentId(paymentIdIn(unknown)))).isEmpty();
        assertThat(ledger.rows()).singleElement()
                .satisfies(entry -> assertThat(entry.paymentId()).isEqualTo(new PaymentId(paymentIdIn(unknown))));
    }

    @Test
    void anUnknownCommitIsAnswered202AndTheRetryFindsTheCommittedAnswer() {
        gateway.duringNextCall(payment -> transactions.failNextAtCommit(unknown()));

        IdempotentResponse unknown = create("k-1", aRequest("o-1001"));

        assertThat(unknown.response().status()).isEqualTo(202);
        assertThat(unknown.response().body()).startsWith("unknown ");
        assertThat(unknown.replayed()).isFalse();
        IdempotentResponse replay = create("k-1", aRequest("o-1001"));
        assertThat(replay.replayed()).isTrue();
        assertThat(replay.response().status()).isEqualTo(201);
        assertThat(paymentIdIn(replay)).isEqualTo(paymentIdIn(unknown));
        assertThat(gateway.registered).hasSize(1);
    }

    @Test
    void aFailedClaimHoldsNothingAndNeverCallsTheChannel() {
        PersistenceFailure refused = new PersistenceFailure(OutcomeClass.RETRYABLE, "connection refused", null);
        transactions.failNextBeforeWork(refused);

        assertThatThrownBy(() -> create("k-1", aRequest("o-1001"))).isSameAs(refused);
        assertThat(keys.find(TENANT, new IdempotencyKey("k-1"))).isEmpty();
        assertThat(gateway.registered).isEmpty();
        assertThat(create("k-1", aRequest("o-1001")).response().status()).isEqualTo(201);
    }

    @Test
    void keysAreScopedToTheTenant() {
        IdempotentResponse a = create(TENANT, "k-1", aRequest("o-1001"));
        IdempotentResponse b = create(OTHER_TENANT, "k-1", aRequest("o-1001"));

        assertThat(b.replayed()).isFalse();
        assertThat(paymentIdIn(b)).isNotEqualTo(paymentIdIn(a));
        assertThat(paymentsOf(TENANT)).isEqualTo(1);
        assertThat(paymentsOf(OTHER_TENANT)).isEqualTo(1);
        assertThat(gateway.registered.get(1)).endsWith("@merchant-b");
    }

    @Test
    void aSecondAttemptForTheSameOrderWithAnotherKeyIsANewPayment() {
        IdempotentResponse first = create("k-1", aRequest("o-1001"));
        IdempotentResponse second = create("k-2", aRequest("o-1001"));

        assertThat(second.replayed()).isFalse();
        assertThat(paymentIdIn(second)).isNotEqualTo(paymentIdIn(first));
        assertThat(paymentsOf(TENANT)).isEqualTo(2);
    }

    @Test
    void twoGatewaysForOneChannelAreAConfigurationError() {
        assertThatThrownBy(() -> new CreatePaymentService(
                IdempotencyServices.idempotentCommands(keys, transactions, clock, UUID::randomUUID, SETTINGS),
                payments, credentials,
                List.of(new ScriptedGateway("x"), new ScriptedGateway("x")), clock, TestIds.paymentIds(),
                ResolutionServices.recordUnknownOutcome(ledger, cases, payments, transactions, clock,
                        Duration.ofSeconds(30))))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("x");
    }

    private static PersistenceFailure unknown() {
        return new PersistenceFailure(OutcomeClass.UNKNOWN, "commit timed out", null);
    }

    /** Renders answers as plain text that names the payment; records the rejections it was asked to render. */

    /** A channel that answers with a pay URL, or fails as told; it can run something while it is being called. */
    private static final class ScriptedGateway implements ChannelGateway {
        final String channel;
        final List<String> registered = new ArrayList<>();
        final List<String> methods = new ArrayList<>();
        private ChannelFailure nextFailure;
        private Consumer<Payment> duringNextCall;

        ScriptedGateway(String channel) {
            this.channel = channel;
        }

        void failNextWith(ChannelFailure failure) {
            nextFailure = failure;
        }

        void duringNextCall(Consumer<Payment> action) {
            duringNextCall = action;
        }

        @Override
        public String channel() {
            return channel;
        }

        @Override
        public List<String> payMethods() {
            return List.of("page", "qr");
        }

        @Override
        public PayInstruction registerTrade(Payment payment, String payMethod, String merchantAccount) {
            registered.add(payment.id() + "@" + merchantAccount);
            methods.add(payMethod);
            Consumer<Payment> action = duringNextCall;
            duringNextCall = null;
            if (action != null) {
                action.accept(payment);
            }
            ChannelFailure failure = nextFailure;
            nextFailure = null;
            if (failure != null) {
                throw failure;
            }
            return PayInstruction.redirect(payMethod, "https://pay.example/" + payment.id());
        }
    }

    /** A channel whose trades are not created from here (it has a status query only). */
    private static final class QueryOnlyGateway implements ChannelGateway {
        @Override
        public String channel() {
            return "queryonly";
        }
    }

}
