package dev.tristate.bootstrap.merchant;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.bootstrap.TristateApplication;
import dev.tristate.domain.payment.PayInstruction;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentTestData;
import dev.tristate.testing.IntegrationEnvironment;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
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
 * The merchant API end to end: the whole application on the prod profile against the test run's database (MariaDB
 * under .ci/run, else H2) and broker, tenants provisioned through the use case, driven over real HTTP. The channel is
 * a recording test gateway under its own name ({@value #CHANNEL}), so the test does not depend on the sandbox
 * channel running and cannot clash with its gateway.
 */
@SpringBootTest(classes = TristateApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=")
@ActiveProfiles("prod")
@Import(MerchantPaymentsEndToEndTest.TestChannel.class)
class MerchantPaymentsEndToEndTest {

    static final String CHANNEL = "e2epay";
    /** A channel with a gateway here at which the test's tenants have no account. */
    static final String UNBOUND_CHANNEL = "e2eunbound";
    private static final String NEW_ID = "pay_[0-9A-HJKMNP-TV-Z]{26}";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        IntegrationEnvironment.register(registry);
    }

    /** Imported, not annotated: component scanning (which other tests run without test filters) never finds it. */
    static class TestChannel {
        @Bean
        RecordingGateway e2eGateway() {
            return new RecordingGateway();
        }

        @Bean
        ChannelGateway e2eUnboundGateway() {
            return new ChannelGateway() {
                @Override
                public String channel() {
                    return UNBOUND_CHANNEL;
                }

                @Override
                public List<String> payMethods() {
                    return List.of("page");
                }

                @Override
                public PayInstruction registerTrade(Payment payment, String payMethod, String merchantAccount) {
                    throw new AssertionError("no tenant has an account at " + UNBOUND_CHANNEL);
                }
            };
        }
    }

    /** Answers every registration with a pay URL and remembers the trades it was asked to register. */
    static final class RecordingGateway implements ChannelGateway {
        final List<String> registered = new CopyOnWriteArrayList<>();
        final List<String> methods = new CopyOnWriteArrayList<>();

        @Override
        public String channel() {
            return CHANNEL;
        }

        @Override
        public List<String> payMethods() {
            return List.of("page", "qr");
        }

        @Override
        public PayInstruction registerTrade(Payment payment, String payMethod, String merchantAccount) {
            registered.add(payment.id().value());
            methods.add(payment.id().value() + ":" + payMethod);
            String payUrl = "https://pay.example/" + merchantAccount + "/" + payment.id();
            return "qr".equals(payMethod) ? PayInstruction.qr(payMethod, payUrl, payUrl)
                    : PayInstruction.redirect(payMethod, payUrl);
        }
    }

    @LocalServerPort
    int port;

    @Autowired
    ProvisionTenantUseCase provisioning;

    @Autowired
    ChannelCredentialStore credentials;

    @Autowired
    RecordingGateway gateway;

    @Autowired
    PaymentRepository payments;

    private MerchantApiClient.Merchant merchantA;
    private String keyOfA;
    private String keyOfB;

    @BeforeEach
    void twoTenants() {
        merchantA = MerchantApiClient.provision(provisioning, credentials, CHANNEL, "e2e");
        keyOfA = merchantA.apiKey();
        keyOfB = provision();
    }

    private String provision() {
        return MerchantApiClient.provision(provisioning, credentials, CHANNEL, "e2e").apiKey();
    }

    private static String order(String merchantOrderId, String field, String jsonValue) {
        String order = order(merchantOrderId, 1999);
        return order.substring(0, order.length() - 1) + ",\"" + field + "\":" + jsonValue + "}";
    }

    private static JsonNode onlyError(HttpResponse<String> response) {
        assertThat(response.statusCode()).isEqualTo(422);
        assertThat(code(response)).isEqualTo("VALIDATION_FAILED");
        JsonNode errors = JSON.readTree(response.body()).get("errors");
        assertThat(errors).hasSize(1);
        return errors.get(0);
    }

    private static String order(String merchantOrderId, long amount) {
        return "{\"merchant_order_id\":\"" + merchantOrderId + "\",\"amount_minor\":" + amount
                + ",\"currency\":\"CNY\",\"channel\":\"" + CHANNEL + "\",\"user_id\":\"u-42\","
                + "\"sku\":\"course:java-101\",\"description\":\"Java 101\"}";
    }

    private HttpResponse<String> post(String apiKey, String idempotencyKey, String body) throws Exception {
        return MerchantApiClient.send(port, "POST", "/api/v1/payments", apiKey, idempotencyKey, body);
    }

    private HttpResponse<String> get(String apiKey, String paymentId) throws Exception {
        return MerchantApiClient.send(port, "GET", "/api/v1/payments/" + paymentId, apiKey, null, null);
    }

    private static String code(HttpResponse<String> response) {
        return MerchantApiClient.code(response);
    }

    @Test
    void aPaymentIsCreatedReplayedReadAndKeptFromOtherTenants() throws Exception {
        String key = "order-o-1001-" + UUID.randomUUID();

        HttpResponse<String> created = post(keyOfA, key, order("o-1001", 1999));
        assertThat(created.statusCode()).isEqualTo(201);
        assertThat(created.headers().firstValue("Idempotent-Replayed")).isEmpty();
        JsonNode payment = JSON.readTree(created.body());
        String id = payment.get("payment_id").stringValue();
        assertThat(id).matches(NEW_ID).hasSizeLessThanOrEqualTo(32);
        assertThat(payment.get("status").stringValue()).isEqualTo("PENDING");
        assertThat(payment.get("pay_url").stringValue()).endsWith("/" + id);
        assertThat(payment.get("pay").get("method").stringValue()).isEqualTo("page");
        assertThat(Instant.parse(payment.get("created_at").stringValue())).isBefore(Instant.now().plusSeconds(1));

        HttpResponse<String> replayed = post(keyOfA, key,
                "{ \"sku\":\"course:java-101\", \"merchant_order_id\":\"o-1001\", \"amount_minor\":1999,"
                        + " \"currency\":\"CNY\", \"channel\":\"" + CHANNEL + "\", \"user_id\":\"u-42\","
                        + " \"description\":\"Java 101\" }");
        assertThat(replayed.statusCode()).isEqualTo(201);
        assertThat(replayed.headers().firstValue("Idempotent-Replayed")).contains("true");
        assertThat(replayed.body()).isEqualTo(created.body());
        assertThat(gateway.registered).containsOnlyOnce(id);

        HttpResponse<String> reused = post(keyOfA, key, order("o-1001", 2000));
        assertThat(reused.statusCode()).isEqualTo(422);
        assertThat(code(reused)).isEqualTo("IDEMPOTENCY_KEY_REUSED");

        HttpResponse<String> read = get(keyOfA, id);
        assertThat(read.statusCode()).isEqualTo(200);
        JsonNode view = JSON.readTree(read.body());
        assertThat(view.get("payment_id").stringValue()).isEqualTo(id);
        assertThat(view.get("status").stringValue()).isEqualTo("PENDING");
        assertThat(view.get("amount_minor").longValue()).isEqualTo(1999);
        assertThat(view.get("currency").stringValue()).isEqualTo("CNY");
        assertThat(view.get("channel").stringValue()).isEqualTo(CHANNEL);
        assertThat(view.get("channel_txn_id").isNull()).isTrue();
        assertThat(view.get("paid_at").isNull()).isTrue();
        assertThat(view.get("refunded_minor").longValue()).isZero();
        assertThat(view.get("entitlements").isArray()).isTrue();
        assertThat(view.get("entitlements")).isEmpty();

        HttpResponse<String> foreign = get(keyOfB, id);
        assertThat(foreign.statusCode()).isEqualTo(404);
        assertThat(code(foreign)).isEqualTo("PAYMENT_NOT_FOUND");
    }

    @Test
    void newPaymentIdsAreAtMost32CharactersAndSortInTheOrderThePaymentsWereCreated() throws Exception {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            HttpResponse<String> created = post(keyOfA, "ids-" + UUID.randomUUID(), order("o-ids-" + i, 100));
            assertThat(created.statusCode()).isEqualTo(201);
            ids.add(JSON.readTree(created.body()).get("payment_id").stringValue());
        }

        assertThat(ids).allSatisfy(id -> assertThat(id).matches(NEW_ID).hasSizeLessThanOrEqualTo(32)).isSorted();
    }

    @Test
    void aPaymentStoredUnderAnIdOfTheOlderShapeIsStillReadAndRefusedToOtherTenants() throws Exception {
        String old = "pay_" + UUID.randomUUID().toString().replace("-", "");
        payments.insert(PaymentTestData.aPendingPayment().withId(old).withTenant(merchantA.tenant())
                .withChannel(CHANNEL).build());

        HttpResponse<String> read = get(keyOfA, old);

        assertThat(old).hasSize(36);
        assertThat(read.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(read.body()).get("payment_id").stringValue()).isEqualTo(old);
        assertThat(get(keyOfB, old).statusCode()).isEqualTo(404);
    }

    @Test
    void aRequestedPayMethodIsRegisteredAndAnsweredWithItsDetails() throws Exception {
        HttpResponse<String> created = post(keyOfA, "qr-" + UUID.randomUUID(), order("o-qr", "pay_method", "\"qr\""));

        assertThat(created.statusCode()).isEqualTo(201);
        JsonNode payment = JSON.readTree(created.body());
        assertThat(payment.get("pay").get("method").stringValue()).isEqualTo("qr");
        assertThat(payment.get("pay").get("qr_code").stringValue()).isEqualTo(payment.get("pay_url").stringValue());
        assertThat(gateway.methods).contains(payment.get("payment_id").stringValue() + ":qr");
    }

    @Test
    void aPayMethodTheChannelDoesNotHaveIs422NamingItAndNothingIsRegistered() throws Exception {
        String key = "bad-method-" + UUID.randomUUID();
        int registeredBefore = gateway.registered.size();

        HttpResponse<String> refused = post(keyOfA, key, order("o-bad-method", "pay_method", "\"jsapi\""));

        assertThat(onlyError(refused).get("field").stringValue()).isEqualTo("pay_method");
        assertThat(onlyError(post(keyOfA, "k-" + UUID.randomUUID(), order("o-bad-method", "pay_method", "1")))
                .get("field").stringValue()).isEqualTo("pay_method");
        assertThat(gateway.registered).hasSize(registeredBefore);
        HttpResponse<String> again = post(keyOfA, key, order("o-bad-method", "pay_method", "\"jsapi\""));
        assertThat(again.headers().firstValue("Idempotent-Replayed")).contains("true");
        assertThat(again.body()).isEqualTo(refused.body());
    }

    @Test
    void aChannelTheTenantHasNoAccountAtOrThatIsNotServedHereIs422NamingTheChannel() throws Exception {
        for (String channel : List.of(UNBOUND_CHANNEL, "wechat", "stripe", "alipay", "paypal")) {
            String body = order("o-channel", 100).replace("\"channel\":\"" + CHANNEL + "\"",
                    "\"channel\":\"" + channel + "\"");
            HttpResponse<String> refused = post(keyOfA, "ch-" + UUID.randomUUID(), body);

            assertThat(onlyError(refused).get("field").stringValue()).as(channel).isEqualTo("channel");
        }
    }

    @Test
    void withoutAnApiKeyNothingIsAnsweredButWhy() throws Exception {
        HttpResponse<String> anonymous = post(null, "k-" + UUID.randomUUID(), order("o-1", 100));

        assertThat(anonymous.statusCode()).isEqualTo(401);
        assertThat(code(anonymous)).isEqualTo("UNAUTHENTICATED");
        assertThat(anonymous.headers().firstValue("WWW-Authenticate")).contains("Bearer");
        assertThat(post("tsk_" + "0".repeat(64), "k-" + UUID.randomUUID(), order("o-1", 100)).statusCode())
                .isEqualTo(401);
    }

    @Test
    void aPostWithoutIdempotencyKeyIsRefused() throws Exception {
        HttpResponse<String> response = post(keyOfA, null, order("o-1", 100));

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(code(response)).isEqualTo("IDEMPOTENCY_KEY_MISSING");
    }

    @Test
    void anInvalidRequestIsRefusedNamingTheFieldAndTheRefusalIsReplayed() throws Exception {
        String key = "k-" + UUID.randomUUID();
        HttpResponse<String> first = post(keyOfA, key, order("o-1", 0));

        assertThat(first.statusCode()).isEqualTo(422);
        assertThat(code(first)).isEqualTo("VALIDATION_FAILED");
        assertThat(JSON.readTree(first.body()).get("errors").get(0).get("field").stringValue())
                .isEqualTo("amount_minor");
        HttpResponse<String> again = post(keyOfA, key, order("o-1", 0));
        assertThat(again.headers().firstValue("Idempotent-Replayed")).contains("true");
        assertThat(again.body()).isEqualTo(first.body());
    }

    @Test
    void tenRacingRequestsWithOneKeyCreateOnePayment() throws Exception {
        String key = "race-" + UUID.randomUUID();
        String body = order("o-race", 500);
        int racers = 10;
        ExecutorService pool = Executors.newFixedThreadPool(racers);
        CountDownLatch go = new CountDownLatch(1);
        List<HttpResponse<String>> answers = new ArrayList<>();
        try {
            List<Future<HttpResponse<String>>> futures = new ArrayList<>();
            for (int i = 0; i < racers; i++) {
                Callable<HttpResponse<String>> call = () -> {
                    go.await();
                    return post(keyOfA, key, body);
                };
                futures.add(pool.submit(call));
            }
            go.countDown();
            for (Future<HttpResponse<String>> future : futures) {
                answers.add(future.get(60, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }

        List<HttpResponse<String>> created = answers.stream().filter(a -> a.statusCode() == 201).toList();
        assertThat(created).isNotEmpty();
        assertThat(created.stream().map(HttpResponse::body).distinct()).hasSize(1);
        assertThat(created.stream().filter(a -> a.headers().firstValue("Idempotent-Replayed").isEmpty()))
                .as("exactly one request did the work").hasSize(1);
        assertThat(answers).allSatisfy(a -> assertThat(a.statusCode()).isIn(201, 409));
        answers.stream().filter(a -> a.statusCode() == 409).forEach(a -> {
            assertThat(code(a)).isEqualTo("IDEMPOTENCY_KEY_IN_USE");
            assertThat(a.headers().firstValue("Retry-After")).isPresent();
        });
        String id = JSON.readTree(created.get(0).body()).get("payment_id").stringValue();
        assertThat(gateway.registered).containsOnlyOnce(id);
        assertThat(get(keyOfA, id).statusCode()).isEqualTo(200);
    }
}
