package dev.tristate.bootstrap.merchant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.tristate.application.consumer.port.in.RunTasksUseCase;
import dev.tristate.application.consumer.port.out.EntitlementStore;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.consumer.service.ConsumerServices;
import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.refund.port.out.RefundLedgerView.RefundMismatch;
import dev.tristate.application.refund.port.out.RefundLedgerView;
import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.application.resolution.port.in.ResolvePaymentsUseCase;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.resolution.port.out.UnknownOutcomeLedger;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.application.tenant.port.out.TenantWebhooks;
import dev.tristate.bootstrap.TristateApplication;
import dev.tristate.bootstrap.merchant.MerchantApiClient.Merchant;
import dev.tristate.domain.entitlement.EntitlementKey;
import dev.tristate.domain.entitlement.EntitlementStatus;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.ChannelReport;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.ChannelTxnId;
import dev.tristate.domain.payment.PayInstruction;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentEvent;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.RefundAnswer;
import dev.tristate.domain.payment.RefundId;
import dev.tristate.domain.payment.RefundStatus;
import dev.tristate.domain.payment.TransitionOutcome;
import dev.tristate.domain.reconciliation.StatementEntryType;
import dev.tristate.domain.reconciliation.StatementLine;
import dev.tristate.domain.resolution.ResolutionStatus;
import dev.tristate.domain.resolution.UnknownOutcomeOrigin;
import dev.tristate.domain.task.Task;
import dev.tristate.domain.task.TaskKey;
import dev.tristate.domain.task.TaskStatus;
import dev.tristate.testing.IntegrationEnvironment;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Refunds through the merchant API end to end: the whole application on the prod profile against the test run's
 * database (MariaDB under .ci/run, else H2), driven over real HTTP. The channel is a scripted test gateway under its
 * own name ({@value #CHANNEL}); payments are paid by applying the channel's success through the domain and the
 * conditional update, as a callback does. The resolver and the task runner are run by the test, not by schedulers.
 */
@SpringBootTest(classes = TristateApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
                "tristate.resolver.enabled=false", "tristate.tasks.enabled=false",
                "tristate.resolver.unknown-first-query-after=0s",
                // The tenant's service in the revocation test is the test's own, on this machine, over http.
                "tristate.webhooks.require-https=false", "tristate.webhooks.allow-private-networks=true"})
@ActiveProfiles("prod")
@Import(MerchantRefundsEndToEndTest.TestChannel.class)
class MerchantRefundsEndToEndTest {

    static final String CHANNEL = "e2erefund";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        IntegrationEnvironment.register(registry);
    }

    static class TestChannel {
        @Bean
        RefundChannel e2eRefundChannel() {
            return new RefundChannel();
        }
    }

    /** Answers refunds and refund queries as the test scripts it; counts the refund calls per refund id. */
    static final class RefundChannel implements ChannelGateway {
        final Map<String, AtomicInteger> refundCalls = new ConcurrentHashMap<>();
        final List<String> queried = new CopyOnWriteArrayList<>();
        volatile Function<RefundRequest, RefundAnswer> onRefund;
        volatile Function<String, RefundAnswer> onQuery;

        void reset() {
            refundCalls.clear();
            queried.clear();
            onRefund = RefundChannel::succeeded;
            onQuery = id -> new RefundAnswer.NotFound("{}");
        }

        static RefundAnswer succeeded(RefundRequest request) {
            return new RefundAnswer.Succeeded("ch-" + request.outRefundNo(), request.amount(), Instant.now(),
                    "{\"refund_status\":\"SUCCESS\"}");
        }

        @Override
        public String channel() {
            return CHANNEL;
        }

        @Override
        public List<String> payMethods() {
            return List.of("page");
        }

        @Override
        public PayInstruction registerTrade(Payment payment, String payMethod, String merchantAccount) {
            return PayInstruction.redirect(payMethod, "https://pay.example/" + payment.id());
        }

        @Override
        public RefundAnswer refund(RefundRequest request, String merchantAccount) {
            refundCalls.computeIfAbsent(request.outRefundNo(), k -> new AtomicInteger()).incrementAndGet();
            return onRefund.apply(request);
        }

        @Override
        public RefundAnswer queryRefund(String outTradeNo, String outRefundNo, String merchantAccount) {
            queried.add(outRefundNo);
            return onQuery.apply(outRefundNo);
        }
    }

    @LocalServerPort
    int port;

    @Autowired
    ProvisionTenantUseCase provisioning;
    @Autowired
    ChannelCredentialStore credentials;
    @Autowired
    RefundChannel channel;
    @Autowired
    PaymentRepository payments;
    @Autowired
    RefundStore refunds;
    @Autowired
    ResolutionCases cases;
    @Autowired
    UnknownOutcomeLedger ledger;
    @Autowired
    ResolvePaymentsUseCase resolver;
    @Autowired
    RunTasksUseCase taskRunner;
    @Autowired
    TaskStore tasks;
    @Autowired
    EntitlementStore entitlements;
    @Autowired
    TenantWebhooks webhooks;
    @Autowired
    Transactions transactions;
    @Autowired
    RefundLedgerView refundLedger;

    private Merchant a;
    private Merchant b;
    private HttpServer webhook;
    private final List<String> webhookKeys = new CopyOnWriteArrayList<>();
    private final List<String> webhookBodies = new CopyOnWriteArrayList<>();

    @BeforeEach
    void twoTenants() {
        channel.reset();
        a = provision();
        b = provision();
    }

    @AfterEach
    void stopWebhook() {
        if (webhook != null) {
            webhook.stop(0);
        }
    }

    private Merchant provision() {
        return MerchantApiClient.provision(provisioning, credentials, CHANNEL, "rf");
    }

    // ---- helpers ----------------------------------------------------------------------------------------------

    private String createPayment(Merchant m, long amount, String sku) throws Exception {
        String body = "{\"merchant_order_id\":\"o-" + UUID.randomUUID().toString().substring(0, 8)
                + "\",\"amount_minor\":" + amount + ",\"currency\":\"CNY\",\"channel\":\"" + CHANNEL
                + "\",\"user_id\":\"u-42\",\"sku\":\"" + sku + "\",\"description\":\"d\"}";
        HttpResponse<String> created = send("POST", "/api/v1/payments", m.apiKey(), "k-" + UUID.randomUUID(), body);
        assertThat(created.statusCode()).isEqualTo(201);
        return JSON.readTree(created.body()).get("payment_id").stringValue();
    }

    /** The channel's success, applied as a callback applies it: domain transition, conditional update. */
    private String paidPayment(Merchant m, long amount, String sku) throws Exception {
        String id = createPayment(m, amount, sku);
        Payment pending = payments.findById(m.tenant(), new PaymentId(id)).orElseThrow();
        Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        TransitionOutcome outcome = pending.apply(new ChannelReport(ChannelTradeStatus.SUCCESS, pending.amount(),
                new ChannelTxnId("txn-" + UUID.randomUUID()), now), now);
        TransitionOutcome.Applied applied = (TransitionOutcome.Applied) outcome;
        assertThat(payments.update(applied.before(), applied.after())).isTrue();
        return id;
    }

    private String paidPayment(Merchant m, long amount) throws Exception {
        return paidPayment(m, amount, "course:java-101");
    }

    private HttpResponse<String> refund(Merchant m, String paymentId, String key, String body) throws Exception {
        return send("POST", "/api/v1/payments/" + paymentId + "/refunds", m.apiKey(), key, body);
    }

    private HttpResponse<String> refund(Merchant m, String paymentId, long amount) throws Exception {
        return refund(m, paymentId, "k-" + UUID.randomUUID(), "{\"amount_minor\":" + amount + ",\"reason\":\"r\"}");
    }

    private HttpResponse<String> send(String method, String path, String apiKey, String key, String body)
            throws Exception {
        return MerchantApiClient.send(port, method, path, apiKey, key, body);
    }

    private JsonNode getPayment(Merchant m, String paymentId) throws Exception {
        HttpResponse<String> read = send("GET", "/api/v1/payments/" + paymentId, m.apiKey(), null, null);
        assertThat(read.statusCode()).isEqualTo(200);
        return JSON.readTree(read.body());
    }

    private static JsonNode json(HttpResponse<String> response) {
        return JSON.readTree(response.body());
    }

    private static String code(HttpResponse<String> response) {
        return MerchantApiClient.code(response);
    }

    private RefundStatus stored(Merchant m, String refundId) {
        return refunds.find(m.tenant(), new RefundId(refundId)).orElseThrow().status();
    }

    // ---- idempotency --------------------------------------------------------------------------------------------

    @Test
    void aRefundIsReplayedUnderItsKey_aReusedKeyIs422_aMissingKeyIs400() throws Exception {
        String payment = paidPayment(a, 1000);
        String key = "refund-" + UUID.randomUUID();

        HttpResponse<String> first = refund(a, payment, key, "{\"amount_minor\":500,\"reason\":\"damaged\"}");
        assertThat(first.statusCode()).isEqualTo(201);
        JsonNode body = json(first);
        String refundId = body.get("refund_id").stringValue();
        assertThat(refundId).matches("rfd_[0-9A-HJKMNP-TV-Z]{26}");
        assertThat(body.get("status").stringValue()).isEqualTo("SUCCEEDED");
        assertThat(body.get("amount_minor").longValue()).isEqualTo(500);

        HttpResponse<String> replay = refund(a, payment, key, "{ \"reason\":\"damaged\", \"amount_minor\":500 }");
        assertThat(replay.statusCode()).isEqualTo(201);
        assertThat(replay.headers().firstValue("Idempotent-Replayed")).contains("true");
        assertThat(replay.body()).isEqualTo(first.body());
        assertThat(channel.refundCalls.get(refundId)).hasValue(1);
        assertThat(getPayment(a, payment).get("refunded_minor").longValue()).isEqualTo(500);

        HttpResponse<String> reused = refund(a, payment, key, "{\"amount_minor\":400,\"reason\":\"damaged\"}");
        assertThat(reused.statusCode()).isEqualTo(422);
        assertThat(code(reused)).isEqualTo("IDEMPOTENCY_KEY_REUSED");

        HttpResponse<String> missing = refund(a, payment, null, "{\"amount_minor\":100}");
        assertThat(missing.statusCode()).isEqualTo(400);
        assertThat(code(missing)).isEqualTo("IDEMPOTENCY_KEY_MISSING");
        assertThat(getPayment(a, payment).get("refunded_minor").longValue()).isEqualTo(500);
    }

    @Test
    void aSecondRequestWithTheKeyWhileTheFirstIsAtTheChannelIs409() throws Exception {
        String payment = paidPayment(a, 1000);
        String key = "refund-" + UUID.randomUUID();
        CountDownLatch atChannel = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        channel.onRefund = request -> {
            atChannel.countDown();
            try {
                release.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return RefundChannel.succeeded(request);
        };
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<HttpResponse<String>> first = pool.submit(() -> refund(a, payment, key, "{\"amount_minor\":300}"));
            assertThat(atChannel.await(20, TimeUnit.SECONDS)).isTrue();

            HttpResponse<String> second = refund(a, payment, key, "{\"amount_minor\":300}");
            assertThat(second.statusCode()).isEqualTo(409);
            assertThat(code(second)).isEqualTo("IDEMPOTENCY_KEY_IN_USE");
            assertThat(second.headers().firstValue("Retry-After")).isPresent();

            release.countDown();
            HttpResponse<String> answered = first.get(20, TimeUnit.SECONDS);
            assertThat(answered.statusCode()).isEqualTo(201);
            assertThat(json(answered).get("status").stringValue()).isEqualTo("SUCCEEDED");
            assertThat(channel.refundCalls.get(json(answered).get("refund_id").stringValue())).hasValue(1);
        } finally {
            release.countDown();
            pool.shutdownNow();
        }
        assertThat(getPayment(a, payment).get("refunded_minor").longValue()).isEqualTo(300);
    }

    // ---- amounts --------------------------------------------------------------------------------------------------

    @Test
    void partialRefundsAddUpToTheCapturedAmountAndNoFurther() throws Exception {
        String payment = paidPayment(a, 1000);

        HttpResponse<String> first = refund(a, payment, 300);
        assertThat(first.statusCode()).isEqualTo(201);
        JsonNode partly = getPayment(a, payment);
        assertThat(partly.get("status").stringValue()).isEqualTo("PARTIALLY_REFUNDED");
        assertThat(partly.get("refunded_minor").longValue()).isEqualTo(300);
        assertThat(partly.get("refunds")).hasSize(1);

        HttpResponse<String> tooMuch = refund(a, payment, 701);
        assertThat(tooMuch.statusCode()).isEqualTo(422);
        assertThat(code(tooMuch)).isEqualTo("REFUND_EXCEEDS_CAPTURED");

        HttpResponse<String> rest = refund(a, payment, 700);
        assertThat(rest.statusCode()).isEqualTo(201);
        JsonNode whole = getPayment(a, payment);
        assertThat(whole.get("status").stringValue()).isEqualTo("REFUNDED");
        assertThat(whole.get("refunded_minor").longValue()).isEqualTo(1000);
        assertThat(whole.get("refunds")).hasSize(2);

        String refundId = json(rest).get("refund_id").stringValue();
        HttpResponse<String> read = send("GET", "/api/v1/payments/" + payment + "/refunds/" + refundId, a.apiKey(),
                null, null);
        assertThat(read.statusCode()).isEqualTo(200);
        assertThat(json(read).get("status").stringValue()).isEqualTo("SUCCEEDED");
        assertThat(json(read).get("amount_minor").longValue()).isEqualTo(700);

        HttpResponse<String> more = refund(a, payment, 1);
        assertThat(more.statusCode()).isEqualTo(422);
        assertThat(code(more)).isEqualTo("REFUND_EXCEEDS_CAPTURED");
    }

    @Test
    void concurrentRefundsThatTogetherExceedTheCapturedAmount_theExcessIsRefused() throws Exception {
        // The channel keeps them processing: each accepted refund holds its amount while it is PENDING.
        channel.onRefund = request -> new RefundAnswer.Processing("{\"refund_status\":\"PROCESSING\"}");
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            for (int round = 0; round < 3; round++) {
                String payment = paidPayment(a, 1000);
                List<Integer> two = race(pool, payment, 2, 600);
                assertThat(two).containsExactlyInAnyOrder(202, 422);
            }
            String payment = paidPayment(a, 1000);
            List<Integer> six = race(pool, payment, 6, 400);
            assertThat(six.stream().filter(s -> s == 202).count()).isEqualTo(2);
            assertThat(six.stream().filter(s -> s == 422).count()).isEqualTo(4);
            assertThat(refunds.heldMinor(a.tenant(), new PaymentId(payment))).isEqualTo(800);
        } finally {
            pool.shutdownNow();
        }
    }

    private List<Integer> race(ExecutorService pool, String payment, int requests, long amount) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        List<Future<HttpResponse<String>>> answers = new ArrayList<>();
        for (int i = 0; i < requests; i++) {
            answers.add(pool.submit(() -> {
                start.await();
                return refund(a, payment, amount);
            }));
        }
        start.countDown();
        List<Integer> statuses = new ArrayList<>();
        for (Future<HttpResponse<String>> answer : answers) {
            HttpResponse<String> response = answer.get(30, TimeUnit.SECONDS);
            statuses.add(response.statusCode());
            if (response.statusCode() == 422) {
                assertThat(code(response)).isEqualTo("REFUND_EXCEEDS_CAPTURED");
            }
        }
        return statuses;
    }

    // ---- refusals -------------------------------------------------------------------------------------------------

    @Test
    void anUnpaidPaymentIsNotRefundable_andAnotherTenantsPaymentIsNotFound() throws Exception {
        String unpaid = createPayment(a, 1000, "course:java-101");
        HttpResponse<String> notPaid = refund(a, unpaid, 100);
        assertThat(notPaid.statusCode()).isEqualTo(409);
        assertThat(code(notPaid)).isEqualTo("PAYMENT_NOT_REFUNDABLE");

        String paid = paidPayment(a, 1000);
        HttpResponse<String> foreign = refund(b, paid, 100);
        assertThat(foreign.statusCode()).isEqualTo(404);
        assertThat(code(foreign)).isEqualTo("PAYMENT_NOT_FOUND");

        HttpResponse<String> mine = refund(a, paid, 100);
        String refundId = json(mine).get("refund_id").stringValue();
        HttpResponse<String> foreignRead = send("GET", "/api/v1/payments/" + paid + "/refunds/" + refundId,
                b.apiKey(), null, null);
        assertThat(foreignRead.statusCode()).isEqualTo(404);
        assertThat(json(foreignRead).get("refund_id")).isNull();
        assertThat(getPayment(a, paid).get("refunded_minor").longValue()).isEqualTo(100);
    }

    @Test
    void badInputIsRefusedNamingTheFieldAndChangesNothing() throws Exception {
        String payment = paidPayment(a, 1000);
        Map<String, String> bodies = Map.of(
                "{\"reason\":\"no amount\"}", "amount_minor",
                "{\"amount_minor\":-5}", "amount_minor",
                "{\"amount_minor\":0}", "amount_minor",
                "{\"amount_minor\":99999999999999999999999}", "amount_minor",
                "{\"amount_minor\":\"500\"}", "amount_minor",
                "{\"amount_minor\":5.5}", "amount_minor",
                "{\"amount_minor\":500,\"reason\":\"" + "x".repeat(257) + "\"}", "reason",
                "{\"amount_minor\":500,\"reason\":42}", "reason");
        for (Map.Entry<String, String> bad : bodies.entrySet()) {
            HttpResponse<String> refused = refund(a, payment, "k-" + UUID.randomUUID(), bad.getKey());
            assertThat(refused.statusCode()).as(bad.getKey()).isEqualTo(422);
            assertThat(code(refused)).isEqualTo("VALIDATION_FAILED");
            assertThat(json(refused).get("errors").get(0).get("field").stringValue()).isEqualTo(bad.getValue());
        }
        HttpResponse<String> notJson = refund(a, payment, "k-" + UUID.randomUUID(), "{amount_minor:");
        assertThat(notJson.statusCode()).isEqualTo(400);
        assertThat(code(notJson)).isEqualTo("MALFORMED_REQUEST");
        HttpResponse<String> badId = send("GET", "/api/v1/payments/" + payment + "/refunds/nope!", a.apiKey(), null,
                null);
        assertThat(badId.statusCode()).isEqualTo(404);
        assertThat(code(badId)).isEqualTo("REFUND_NOT_FOUND");
        JsonNode untouched = getPayment(a, payment);
        assertThat(untouched.get("refunded_minor").longValue()).isZero();
        assertThat(untouched.get("refunds")).isEmpty();
        assertThat(channel.refundCalls).isEmpty();
    }

    @Test
    void aRefusedRefundFailsAndFreesItsAmount() throws Exception {
        String payment = paidPayment(a, 1000);
        channel.onRefund = request -> new RefundAnswer.Refused("INSUFFICIENT_MERCHANT_BALANCE", "{}");

        HttpResponse<String> refused = refund(a, payment, 1000);
        assertThat(refused.statusCode()).isEqualTo(201);
        assertThat(json(refused).get("status").stringValue()).isEqualTo("FAILED");
        assertThat(json(refused).get("failure_reason").stringValue()).contains("INSUFFICIENT_MERCHANT_BALANCE");
        assertThat(getPayment(a, payment).get("status").stringValue()).isEqualTo("SUCCEEDED");

        channel.reset();
        HttpResponse<String> again = refund(a, payment, 1000);
        assertThat(again.statusCode()).isEqualTo(201);
        assertThat(json(again).get("status").stringValue()).isEqualTo("SUCCEEDED");
        assertThat(getPayment(a, payment).get("status").stringValue()).isEqualTo("REFUNDED");
    }

    // ---- unknown outcomes and the resolver ----------------------------------------------------------------------

    @Test
    void aTimeoutIsUnknownNeverFailed_andTheResolverAppliesTheChannelsTruth() throws Exception {
        String payment = paidPayment(a, 1000);
        channel.onRefund = request -> {
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "Read timed out", null);
        };

        HttpResponse<String> unknown = refund(a, payment, 400);
        assertThat(unknown.statusCode()).isEqualTo(202);
        assertThat(json(unknown).get("status").stringValue()).isEqualTo("UNKNOWN");
        String refundId = json(unknown).get("refund_id").stringValue();
        RefundId refund = new RefundId(refundId);
        assertThat(stored(a, refundId)).isEqualTo(RefundStatus.UNKNOWN);
        assertThat(ledger.forPayment(a.tenant(), refund)).singleElement().satisfies(entry -> {
            assertThat(entry.origin()).isEqualTo(UnknownOutcomeOrigin.REFUND_CHANNEL_CALL);
            assertThat(entry.open()).isTrue();
        });
        // Still held: the channel may have refunded it.
        HttpResponse<String> wouldExceed = refund(a, payment, 601);
        assertThat(code(wouldExceed)).isEqualTo("REFUND_EXCEEDS_CAPTURED");

        // The first query times out as well: still UNKNOWN, asked again later.
        channel.onQuery = id -> {
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "Read timed out", null);
        };
        resolver.resolveDue();
        assertThat(channel.queried).contains(refundId);
        assertThat(stored(a, refundId)).isEqualTo(RefundStatus.UNKNOWN);
        assertThat(cases.find(a.tenant(), refund).orElseThrow().status()).isEqualTo(ResolutionStatus.OPEN);

        // The channel did refund it: the resolver applies that through the refund's success path.
        channel.onQuery = id -> new RefundAnswer.Succeeded("ch-" + id,
                dev.tristate.domain.money.Money.of(400, "CNY"), Instant.now(), "{}");
        cases.open(a.tenant(), refund, CHANNEL, "TEST_DUE_NOW", Instant.now().truncatedTo(ChronoUnit.MICROS));
        resolver.resolveDue();
        assertThat(stored(a, refundId)).isEqualTo(RefundStatus.SUCCEEDED);
        assertThat(cases.find(a.tenant(), refund).orElseThrow().status()).isEqualTo(ResolutionStatus.RESOLVED);
        assertThat(ledger.forPayment(a.tenant(), refund)).allSatisfy(e -> assertThat(e.open()).isFalse());
        JsonNode view = getPayment(a, payment);
        assertThat(view.get("status").stringValue()).isEqualTo("PARTIALLY_REFUNDED");
        assertThat(view.get("refunded_minor").longValue()).isEqualTo(400);
        assertThat(channel.refundCalls.get(refundId)).hasValue(1);
    }

    @Test
    void aTimedOutRefundTheChannelNeverSawFailsOnlyWhenTheChannelSaysSo() throws Exception {
        String payment = paidPayment(a, 1000);
        channel.onRefund = request -> {
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "Read timed out", null);
        };
        String refundId = json(refund(a, payment, 1000)).get("refund_id").stringValue();
        assertThat(stored(a, refundId)).isEqualTo(RefundStatus.UNKNOWN);

        channel.onQuery = id -> new RefundAnswer.NotFound("{\"code\":\"REFUND_NOT_FOUND\"}");
        // Due cases are taken oldest first, a batch per round: on a database that other tests (or earlier runs)
        // left due cases in, this refund's case may come a round or two later.
        for (int round = 0; round < 20 && stored(a, refundId) == RefundStatus.UNKNOWN; round++) {
            resolver.resolveDue();
        }

        assertThat(stored(a, refundId)).isEqualTo(RefundStatus.FAILED);
        channel.reset();
        HttpResponse<String> again = refund(a, payment, 1000);
        assertThat(json(again).get("status").stringValue()).isEqualTo("SUCCEEDED");
    }

    // ---- revocation ---------------------------------------------------------------------------------------------

    @Test
    void aFullRefundRevokesTheGrantOnceEvenWhenItsTaskRunsTwice() throws Exception {
        webhook = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        webhook.createContext("/hook", exchange -> {
            webhookKeys.add(exchange.getRequestHeaders().getFirst("Idempotency-Key"));
            webhookBodies.add(new String(exchange.getRequestBody().readAllBytes()));
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        webhook.start();
        webhooks.setEndpoint(a.tenant(), URI.create("http://127.0.0.1:" + webhook.getAddress().getPort() + "/hook"),
                Instant.now());
        credentials.addSecret(a.tenant(), TenantWebhooks.SIGNING_CHANNEL, TenantWebhooks.SIGNING_SECRET,
                "whsec_" + Base64.getEncoder().encodeToString(new byte[32]), Instant.now(), Instant.now());
        String payment = paidPayment(a, 1000, "tokens:100");
        EntitlementKey key = new EntitlementKey(a.tenant(), "u-42", "tokens:100", new PaymentId(payment));
        Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        transactions.inTransaction(() -> ConsumerServices.grantEntitlement(entitlements, tasks).grant(key,
                PaymentEvent.PaymentSucceeded.idFor(new PaymentId(payment)), now));
        assertThat(entitlements.tokenBalance(a.tenant(), "u-42")).isEqualTo(100);

        assertThat(refund(a, payment, 400).statusCode()).isEqualTo(201);
        assertThat(tasks.find(TaskKey.entitlementsRevoked(new PaymentId(payment)))).isEmpty();
        assertThat(refund(a, payment, 600).statusCode()).isEqualTo(201);
        TaskKey revocation = TaskKey.entitlementsRevoked(new PaymentId(payment));
        assertThat(tasks.find(revocation)).isPresent();

        taskRunner.runDue();
        Task done = tasks.find(revocation).orElseThrow();
        assertThat(done.status()).isEqualTo(TaskStatus.DONE);
        assertThat(entitlements.find(key).orElseThrow().status()).isEqualTo(EntitlementStatus.REVOKED);
        assertThat(entitlements.tokenBalance(a.tenant(), "u-42")).isZero();

        // The process died after the effect and before the task was marked done: the task runs again.
        assertThat(tasks.update(new Task(done.key(), done.type(), done.tenantId(), done.paymentId(), done.userId(),
                done.sku(), TaskStatus.PENDING, done.attempts(), null, Instant.now().minusSeconds(1), null,
                done.createdAt(), Instant.now(), done.version() + 1, done.traceparent()))).isTrue();
        taskRunner.runDue();

        assertThat(tasks.find(revocation).orElseThrow().status()).isEqualTo(TaskStatus.DONE);
        assertThat(entitlements.tokenBalance(a.tenant(), "u-42")).isZero();
        assertThat(entitlements.tokenLedger(a.tenant(), "u-42")).hasSize(2);
        assertThat(webhookKeys.stream().filter(revocation.value()::equals).count()).isEqualTo(2);
        assertThat(webhookBodies).anySatisfy(b -> assertThat(b).contains("entitlements.revoked"));
        JsonNode view = getPayment(a, payment);
        assertThat(view.get("entitlements").get(0).get("status").stringValue()).isEqualTo("REVOKED");
    }

    // ---- reconciliation ---------------------------------------------------------------------------------------

    @Test
    void theStatementsRefundLinesAreComparedWithOurRefundsAndEachMismatchIsQueried() throws Exception {
        String payment = paidPayment(a, 1000);
        String matched = json(refund(a, payment, 300)).get("refund_id").stringValue();
        String otherAmount = json(refund(a, payment, 200)).get("refund_id").stringValue();
        String notOnStatement = json(refund(a, payment, 100)).get("refund_id").stringValue();
        channel.onRefund = request -> {
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "Read timed out", null);
        };
        String timedOut = json(refund(a, payment, 100)).get("refund_id").stringValue();
        channel.reset();
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        Instant at = Instant.now();
        List<StatementLine> lines = List.of(
                refundLine(1, "ch-" + matched, payment, 300, at),
                refundLine(2, "ch-" + otherAmount, payment, 250, at),
                refundLine(3, "CH-TIMED-OUT-" + timedOut.substring(4, 12), payment, 100, at),
                refundLine(4, "CH-STRANGER-" + timedOut.substring(4, 12), payment, 50, at));

        Map<String, String> bySubject = refundLedger.compare(a.tenant(), CHANNEL, today, lines).stream()
                .collect(Collectors.toMap(RefundMismatch::subject, RefundMismatch::detail));

        assertThat(bySubject).containsOnlyKeys(otherAmount, notOnStatement, timedOut,
                "CH-STRANGER-" + timedOut.substring(4, 12));
        assertThat(bySubject.get(otherAmount)).startsWith("amount");
        assertThat(bySubject.get(notOnStatement)).contains("not on the channel's statement");
        assertThat(bySubject.get(timedOut)).contains("UNKNOWN here");
        assertThat(bySubject.get("CH-STRANGER-" + timedOut.substring(4, 12))).contains("no refund of ours");

        // QUERY_REFUND of an open refund: a resolver case due now; the resolver applies the channel's answer.
        assertThat(refundLedger.queryRefund(a.tenant(), CHANNEL, timedOut, "reconciliation", "r"))
                .contains("resolver case open");
        channel.onQuery = id -> new RefundAnswer.Succeeded("CH-TIMED-OUT", dev.tristate.domain.money.Money.of(100,
                "CNY"), Instant.now(), "{}");
        resolver.resolveDue();
        assertThat(stored(a, timedOut)).isEqualTo(RefundStatus.SUCCEEDED);
        assertThat(getPayment(a, payment).get("refunded_minor").longValue()).isEqualTo(700);

        // QUERY_REFUND of a settled refund: the channel is asked; a contradiction fails the repair, for a person.
        assertThat(refundLedger.queryRefund(a.tenant(), CHANNEL, notOnStatement, "reconciliation", "r"))
                .contains("confirms");
        channel.onQuery = id -> new RefundAnswer.NotFound("{}");
        assertThatThrownBy(() -> refundLedger.queryRefund(a.tenant(), CHANNEL, notOnStatement, "reconciliation",
                "r")).hasMessageContaining("a person decides");
        assertThatThrownBy(() -> refundLedger.queryRefund(a.tenant(), CHANNEL, "CH-STRANGER-x", "reconciliation",
                "r")).hasMessageContaining("no refund of ours");
        assertThat(stored(a, notOnStatement)).isEqualTo(RefundStatus.SUCCEEDED);
    }

    private static StatementLine refundLine(int no, String refundNo, String paymentId, long amount, Instant at) {
        return new StatementLine(no, refundNo, paymentId, StatementEntryType.REFUND, "SUCCESS",
                dev.tristate.domain.money.Money.of(amount, "CNY"), at);
    }
}
