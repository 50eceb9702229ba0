package dev.tristate.adapter.in.web.merchant;

import dev.tristate.application.consumer.port.in.PaymentEntitlementsQuery;
import dev.tristate.application.consumer.service.ConsumerServices;
import dev.tristate.application.fakes.InMemoryChannelCredentialStore;
import dev.tristate.application.fakes.InMemoryEntitlementStore;
import dev.tristate.application.fakes.InMemoryIdempotencyStore;
import dev.tristate.application.fakes.InMemoryPaymentRepository;
import dev.tristate.application.fakes.InMemoryResolutionCases;
import dev.tristate.application.fakes.InMemoryTransactions;
import dev.tristate.application.fakes.InMemoryUnknownOutcomeLedger;
import dev.tristate.application.idempotency.port.in.IdempotentResponse;
import dev.tristate.application.idempotency.service.IdempotencyServices;
import dev.tristate.application.idempotency.service.IdempotencySettings;
import dev.tristate.application.payment.port.in.CreatePaymentUseCase;
import dev.tristate.application.payment.port.in.GetPaymentQuery;
import dev.tristate.application.payment.port.in.PaymentNotFound;
import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.payment.service.PaymentServices;
import dev.tristate.application.refund.port.in.CreateRefundUseCase;
import dev.tristate.application.refund.port.in.GetRefundQuery;
import dev.tristate.application.refund.port.in.RefundNotFound;
import dev.tristate.application.resolution.service.ResolutionServices;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.tenant.port.in.AuthenticateMerchantQuery;
import dev.tristate.domain.entitlement.Entitlement;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.PayInstruction;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.payment.RefundId;
import dev.tristate.domain.payment.TestIds;
import dev.tristate.domain.tenant.ApiKey;
import dev.tristate.domain.tenant.TenantId;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The inbound ports as the web adapter sees them: the real services over in-memory fakes (so replays, stored
 * refusals and their bytes are the real thing), plus switches to make the next call fail or wait.
 */
class MerchantApiDouble implements CreatePaymentUseCase, GetPaymentQuery, PaymentEntitlementsQuery,
        AuthenticateMerchantQuery, CreateRefundUseCase, GetRefundQuery {

    static final Instant NOW = Instant.parse("2026-11-30T08:00:00.123456Z");
    static final TenantId TENANT_A = new TenantId("tenant-a");
    static final TenantId TENANT_B = new TenantId("tenant-b");
    static final ApiKey KEY_A = new ApiKey("tsk_" + "a".repeat(64));
    static final ApiKey KEY_B = new ApiKey("tsk_" + "b".repeat(64));

    final InMemoryPaymentRepository payments = new InMemoryPaymentRepository();
    private final InMemoryIdempotencyStore idempotency = new InMemoryIdempotencyStore();
    final InMemoryUnknownOutcomeLedger ledger = new InMemoryUnknownOutcomeLedger();
    private final InMemoryResolutionCases cases = new InMemoryResolutionCases(payments);
    final InMemoryTransactions transactions = new InMemoryTransactions(idempotency, payments, ledger, cases);
    final Gateway gateway = new Gateway(transactions);
    private final Map<ApiKey, TenantId> keys = Map.of(KEY_A, TENANT_A, KEY_B, TENANT_B);
    private final CreatePaymentUseCase create;
    private final GetPaymentQuery get = PaymentServices.getPayment(payments);
    final InMemoryEntitlementStore entitlements = new InMemoryEntitlementStore();
    private final PaymentEntitlementsQuery entitlementsOf = ConsumerServices.paymentEntitlements(entitlements);
    private final Map<String, RuntimeException> nextFailure = new ConcurrentHashMap<>();
    private volatile CountDownLatch holdNextCreate;
    private volatile CountDownLatch createEntered;

    MerchantApiDouble() {
        InMemoryChannelCredentialStore credentials = new InMemoryChannelCredentialStore();
        credentials.bindAccount(TENANT_A, "sandbox", "merchant-a", NOW);
        credentials.bindAccount(TENANT_B, "sandbox", "merchant-b", NOW);
        Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
        create = PaymentServices.createPayment(
                IdempotencyServices.idempotentCommands(idempotency, transactions, clock, UUID::randomUUID,
                        IdempotencySettings.defaults()),
                payments, credentials, List.of(gateway, new OtherChannel()), clock, TestIds.paymentIds(),
                ResolutionServices.recordUnknownOutcome(ledger, cases, payments, transactions, clock,
                        Duration.ofSeconds(30)));
    }

    @Override
    public List<Entitlement> entitlementsOf(TenantId tenantId, PaymentId paymentId) {
        return entitlementsOf.entitlementsOf(tenantId, paymentId);
    }

    /** The next create (or get) throws this instead of running. */
    void failNextCreate(RuntimeException failure) {
        nextFailure.put("create", failure);
    }

    void failNextGet(RuntimeException failure) {
        nextFailure.put("get", failure);
    }

    /** The next create waits until {@code release} opens; {@code entered} opens when it starts waiting. */
    void holdNextCreate(CountDownLatch entered, CountDownLatch release) {
        createEntered = entered;
        holdNextCreate = release;
    }

    @Override
    public IdempotentResponse createPayment(CreatePaymentCommand command) {
        CountDownLatch hold = holdNextCreate;
        if (hold != null) {
            holdNextCreate = null;
            createEntered.countDown();
            try {
                hold.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        RuntimeException failure = nextFailure.remove("create");
        if (failure != null) {
            throw failure;
        }
        return create.createPayment(command);
    }

    @Override
    public Payment getPayment(TenantId tenantId, PaymentId paymentId) {
        RuntimeException failure = nextFailure.remove("get");
        if (failure != null) {
            throw failure;
        }
        return get.getPayment(tenantId, paymentId);
    }

    /** Refunds are proven end to end (bootstrap); here a payment has none and refunding one finds no payment. */
    @Override
    public IdempotentResponse createRefund(CreateRefundCommand command) {
        throw new PaymentNotFound(command.paymentId());
    }

    @Override
    public Refund getRefund(TenantId tenantId, PaymentId paymentId, RefundId refundId) {
        throw new RefundNotFound(refundId);
    }

    @Override
    public List<Refund> refundsOf(TenantId tenantId, PaymentId paymentId) {
        return List.of();
    }

    @Override
    public Optional<TenantId> tenantFor(ApiKey apiKey) {
        return Optional.ofNullable(keys.get(apiKey));
    }

    /** The sandbox channel, answering with a pay URL unless told to fail. */
    static final class Gateway implements ChannelGateway {
        private final InMemoryTransactions transactions;
        private volatile ChannelFailure nextFailure;
        private volatile boolean nextCommitUnknown;
        /** The payment the last registration was asked for. */
        volatile Payment lastRegistered;

        Gateway(InMemoryTransactions transactions) {
            this.transactions = transactions;
        }

        void failNextWith(ChannelFailure failure) {
            nextFailure = failure;
        }

        /** The business transaction after the next registration does not commit, and its outcome is unknown. */
        void loseTheNextCommit() {
            nextCommitUnknown = true;
        }

        @Override
        public String channel() {
            return "sandbox";
        }

        @Override
        public List<String> payMethods() {
            return List.of("page", "qr");
        }

        @Override
        public PayInstruction registerTrade(Payment payment, String payMethod, String merchantAccount) {
            lastRegistered = payment;
            ChannelFailure failure = nextFailure;
            nextFailure = null;
            if (failure != null) {
                throw failure;
            }
            if (nextCommitUnknown) {
                nextCommitUnknown = false;
                transactions.failNextBeforeWork(
                        new PersistenceFailure(OutcomeClass.UNKNOWN, "Communications link failure during commit", null));
            }
            String payUrl = "https://sandbox.example/pay/" + payment.id();
            // As the sandbox answers: its QR method shows the pay page's URL as the QR code.
            return "qr".equals(payMethod) ? PayInstruction.qr(payMethod, payUrl, payUrl)
                    : PayInstruction.redirect(payMethod, payUrl);
        }
    }

    /** A configured channel at which no tenant has an account. */
    private static final class OtherChannel implements ChannelGateway {
        @Override
        public String channel() {
            return "otherpay";
        }

        @Override
        public List<String> payMethods() {
            return List.of("page", "qr");
        }

        @Override
        public PayInstruction registerTrade(Payment payment, String payMethod, String merchantAccount) {
            throw new AssertionError("no tenant has an account here");
        }
    }
}
