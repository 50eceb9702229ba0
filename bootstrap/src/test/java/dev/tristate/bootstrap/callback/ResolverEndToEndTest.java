package dev.tristate.bootstrap.callback;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.f4b6a3.ulid.UlidCreator;
import dev.tristate.application.idempotency.port.in.IdempotentCommands;
import dev.tristate.application.idempotency.port.in.IdempotentResponse;
import dev.tristate.application.idempotency.port.in.RenderedResponse;
import dev.tristate.application.idempotency.port.out.IdempotencyStore;
import dev.tristate.application.idempotency.service.IdempotencyServices;
import dev.tristate.application.idempotency.service.IdempotencySettings;
import dev.tristate.application.payment.port.in.CreatePaymentUseCase.CreatePaymentCommand;
import dev.tristate.application.payment.port.in.CreatePaymentUseCase.PaymentRequest;
import dev.tristate.application.payment.port.in.CreatePaymentUseCase;
import dev.tristate.application.payment.port.in.PaymentResponseRenderer;
import dev.tristate.application.payment.port.in.Rejection;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.payment.service.PaymentServices;
import dev.tristate.application.resolution.port.in.UnknownCaseView;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.resolution.port.out.UnknownOutcomeLedger;
import dev.tristate.application.resolution.service.ResolutionServices;
import dev.tristate.application.resolution.service.ResolverSettings;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.shared.port.out.Workload;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.idempotency.IdempotencyKey;
import dev.tristate.domain.idempotency.RequestFingerprint;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.PayInstruction;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.resolution.QuerySchedule;
import dev.tristate.domain.resolution.ResolutionStatus;
import dev.tristate.domain.resolution.UnknownOutcomeOrigin;
import dev.tristate.domain.tenant.TenantId;
import dev.tristate.sandbox.SandboxMerchants;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;

/**
 * The resolver on the integration database (MariaDB under .ci/run) with the sandbox channel running in this process:
 * a dropped callback found by the status query, a create whose COMMIT answer was lost (202, then resolved to what the
 * channel says), and two resolvers that never ask about the same payment at the same time.
 */
@TestPropertySource(properties = "tristate.sandbox-channel.enabled=true")
class ResolverEndToEndTest extends ApplicationOverHttpTest {

    @Autowired SandboxMerchants sandboxMerchants;
    @Autowired PaymentRepository payments;
    @Autowired ChannelCredentialStore credentials;
    @Autowired ResolutionCases cases;
    @Autowired UnknownOutcomeLedger ledger;
    @Autowired Transactions transactions;
    @Autowired IdempotencyStore idempotency;
    @Autowired List<ChannelGateway> gateways;
    @Autowired ApplicationContext app;

    private TenantId tenant;
    private String merchantId;
    private String secret;
    private JdbcTemplate jdbc;

    @BeforeEach
    void aSandboxTenant() {
        CallbackTestSupport.SandboxTenant created = CallbackTestSupport.sandboxTenant(tenants, sandboxMerchants,
                "res", "Resolver shop");
        tenant = created.tenant();
        merchantId = created.merchantId();
        secret = created.secret();
        jdbc = new JdbcTemplate(dataSource);
    }

    /** A resolver of its own, seeing the clock {@code ahead} in the future, so nothing has to wait in real time. */
    private OwnResolver resolver(List<ChannelGateway> with, Duration ahead) {
        return new OwnResolver(app, with, Clock.offset(Clock.systemUTC(), ahead),
                new ResolverSettings(1000, Duration.ofSeconds(30), Duration.ofMinutes(5), Duration.ofMinutes(30),
                        new QuerySchedule(List.of(Duration.ofSeconds(1))), Map.of()));
    }

    private HttpResponse<String> sandbox(String method, String path, String body) throws Exception {
        return CallbackTestSupport.sandbox(port, merchantId, secret, method, path, body);
    }

    private void payAtTheSandboxWithTheCallbackDropped(String paymentId) throws Exception {
        assertThat(sandbox("PUT", "/sandbox-channel/trades/" + paymentId + "/behaviour",
                "{\"drop_callbacks\":true}").statusCode()).isEqualTo(200);
        assertThat(sandbox("POST", "/sandbox-channel/trades/" + paymentId + "/events",
                "{\"status\":\"SUCCESS\"}").statusCode()).isEqualTo(200);
    }

    private String status(String paymentId) {
        return jdbc.queryForObject("SELECT status FROM payments WHERE id = ?", String.class, paymentId);
    }

    private CreatePaymentUseCase createPayments(Transactions through) {
        IdempotentCommands gate = IdempotencyServices.idempotentCommands(idempotency, through, Clock.systemUTC(),
                UUID::randomUUID, IdempotencySettings.defaults());
        return PaymentServices.createPayment(gate, payments, credentials, gateways, Clock.systemUTC(),
                () -> PaymentId.ofUlid(UlidCreator.getMonotonicUlid().toString()), ResolutionServices.recordUnknownOutcome(ledger, cases, payments, through,
                        Clock.systemUTC(), Duration.ofSeconds(30)));
    }

    private IdempotentResponse create(CreatePaymentUseCase service, String key) {
        return service.createPayment(new CreatePaymentCommand(tenant, new IdempotencyKey(key),
                RequestFingerprint.of("POST", "/api/v1/payments", key),
                new PaymentRequest("o-" + key, 1999L, "CNY", "sandbox", "u-42", "course:java-101", "Java 101",
                        List.of()), new StatusRenderer()));
    }

    @Test
    void aDroppedCallbackIsFoundByTheStatusQueryAndAppliedAsANotification() throws Exception {
        String paymentId = new String(create(createPayments(transactions), "k-" + UUID.randomUUID()).response().body());
        assertThat(status(paymentId)).isEqualTo("PENDING");
        payAtTheSandboxWithTheCallbackDropped(paymentId);
        assertThat(status(paymentId)).as("the callback never came").isEqualTo("PENDING");
        // The payment has been quiet for ten minutes: longer than stale-after.
        OwnResolver resolver = resolver(gateways, Duration.ofMinutes(10));

        resolver.resolveDue();

        assertThat(status(paymentId)).isEqualTo("SUCCEEDED");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM channel_notifications WHERE payment_id = ? AND source ="
                + " 'QUERY' AND outcome = 'APPLIED'", Long.class, paymentId)).isEqualTo(1);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM outbox_events WHERE aggregate_id = ? AND event_type ="
                + " 'PaymentSucceeded'", Long.class, paymentId)).isEqualTo(1);
        UnknownCaseView view = resolver.unknownCase(tenant, new PaymentId(paymentId)).orElseThrow();
        assertThat(view.status()).isEqualTo(ResolutionStatus.RESOLVED);
        assertThat(view.history()).singleElement().satisfies(a -> assertThat(a.effect()).isEqualTo("APPLIED"));
    }

    @Test
    void aCreateWhoseCommitAnswerWasLostIsAnswered202AndResolvedToTheTrueState() throws Exception {
        LosingCommitAnswers lossy = new LosingCommitAnswers(transactions);
        CreatePaymentUseCase service = createPayments(lossy);
        lossy.loseTheAnswerOfTransactionNumber(2); // 1: the key is claimed, 2: the payment and the answer

        IdempotentResponse answer = create(service, "k-" + UUID.randomUUID());

        assertThat(answer.response().status()).isEqualTo(202);
        String paymentId = answer.response().body();
        assertThat(status(paymentId)).as("the commit happened; its outcome is not known yet").isEqualTo("UNKNOWN");
        assertThat(ledger.forPayment(tenant, new PaymentId(paymentId))).singleElement()
                .satisfies(e -> assertThat(e.origin()).isEqualTo(UnknownOutcomeOrigin.PAYMENT_CREATE_COMMIT));
        payAtTheSandboxWithTheCallbackDropped(paymentId);

        resolver(gateways, Duration.ofMinutes(1)).resolveDue();

        assertThat(status(paymentId)).isEqualTo("SUCCEEDED");
        assertThat(ledger.forPayment(tenant, new PaymentId(paymentId))).singleElement().satisfies(e -> {
            assertThat(e.open()).isFalse();
            assertThat(e.resolution()).contains("SUCCESS");
        });
    }

    @Test
    void twoResolversNeverQueryTheSamePaymentAtTheSameTime() throws Exception {
        OverlapDetectingGateway gateway = new OverlapDetectingGateway();
        credentials.bindAccount(tenant, OverlapDetectingGateway.CHANNEL, "acct-" + tenant.value(), Instant.now());
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            String id = CallbackTestSupport.insertPendingPayment(dataSource, tenant.value(),
                    OverlapDetectingGateway.CHANNEL, "CNY");
            ids.add(id);
        }
        OwnResolver first = resolver(List.of(gateway), Duration.ofHours(1));
        OwnResolver second = resolver(List.of(gateway), Duration.ofHours(1));
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<?>> rounds = new ArrayList<>();
            for (OwnResolver resolver : List.of(first, second)) {
                rounds.add(pool.submit(() -> {
                    for (int round = 0; round < 3; round++) {
                        resolver.resolveDue();
                    }
                }));
            }
            for (Future<?> round : rounds) {
                round.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }

        assertThat(gateway.overlaps).as("queries of one payment that overlapped").isEmpty();
        assertThat(gateway.asked.keySet()).containsAll(ids);
    }

    /** Runs every unit of work for real, but reports the N-th one's COMMIT as timed out after it happened. */
    private static final class LosingCommitAnswers implements Transactions {
        private final Transactions real;
        private final AtomicInteger count = new AtomicInteger();
        private volatile int lose = -1;

        LosingCommitAnswers(Transactions real) {
            this.real = real;
        }

        void loseTheAnswerOfTransactionNumber(int n) {
            count.set(0);
            lose = n;
        }

        @Override
        public <T> T inTransaction(Workload workload, Supplier<T> work) {
            T result = real.inTransaction(workload, work);
            if (count.incrementAndGet() == lose) {
                throw new PersistenceFailure(OutcomeClass.UNKNOWN, "injected: COMMIT timed out", null);
            }
            return result;
        }
    }

    /** Records, per payment, whether a query started while another query of the same payment was running. */
    private static final class OverlapDetectingGateway implements ChannelGateway {
        static final String CHANNEL = "e2eoverlap";
        final Map<String, AtomicInteger> running = new ConcurrentHashMap<>();
        final Map<String, AtomicInteger> asked = new ConcurrentHashMap<>();
        final List<String> overlaps = new CopyOnWriteArrayList<>();

        @Override
        public String channel() {
            return CHANNEL;
        }

        @Override
        public PayInstruction registerTrade(Payment payment, String payMethod, String merchantAccount) {
            throw new UnsupportedOperationException();
        }

        @Override
        public TradeQueryAnswer queryTrade(String outTradeNo, String merchantAccount) {
            asked.computeIfAbsent(outTradeNo, k -> new AtomicInteger()).incrementAndGet();
            if (running.computeIfAbsent(outTradeNo, k -> new AtomicInteger()).incrementAndGet() > 1) {
                overlaps.add(outTradeNo);
            }
            try {
                Thread.sleep(30);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                running.get(outTradeNo).decrementAndGet();
            }
            throw new dev.tristate.application.payment.port.out.ChannelFailure(OutcomeClass.UNKNOWN, "no answer", null);
        }
    }

    /** Renders the answer's status and, as the body, the payment id. */
    private static final class StatusRenderer implements PaymentResponseRenderer {
        @Override
        public RenderedResponse created(Payment payment, PayInstruction pay) {
            return new RenderedResponse(201, payment.id().value());
        }

        @Override
        public RenderedResponse rejected(Rejection rejection) {
            return new RenderedResponse(422, rejection.toString());
        }

        @Override
        public RenderedResponse outcomeUnknown(Payment payment) {
            return new RenderedResponse(202, payment.id().value());
        }

        @Override
        public RenderedResponse tradeOutcomeUnknown(Payment payment) {
            return new RenderedResponse(202, payment.id().value());
        }
    }
}
