package dev.tristate.bootstrap.merchant;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.bootstrap.TristateApplication;
import dev.tristate.domain.payment.Payment;
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
    }

    /** Answers every registration with a pay URL and remembers the trades it was asked to register. */
    static final class RecordingGateway implements ChannelGateway {
        final List<String> registered = new CopyOnWriteArrayList<>();

        @Override
        public String channel() {
            return CHANNEL;
        }

        @Override
        public TradeRegistration registerTrade(Payment payment, String merchantAccount) {
            registered.add(payment.id().value());
            return new TradeRegistration("https://pay.example/" + merchantAccount + "/" + payment.id());
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

    private String keyOfA;
    private String keyOfB;

    @BeforeEach
    void twoTenants() {
        keyOfA = provision();
        keyOfB = provision();
    }

    private String provision() {
        return MerchantApiClient.provision(provisioning, credentials, CHANNEL, "e2e").apiKey();
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
        assertThat(id).matches("pay_[0-9a-f]{32}");
        assertThat(payment.get("status").stringValue()).isEqualTo("PENDING");
        assertThat(payment.get("pay_url").stringValue()).endsWith("/" + id);
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
