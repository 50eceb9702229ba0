package dev.tristate.adapter.out.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.standardwebhooks.Webhook;
import com.standardwebhooks.exceptions.WebhookVerificationException;
import com.sun.net.httpserver.HttpServer;
import dev.tristate.application.consumer.port.out.TenantNotifier.Delivered;
import dev.tristate.application.consumer.port.out.TenantNotifier.GrantNotice;
import dev.tristate.application.consumer.port.out.TenantNotifier.NotDelivered;
import dev.tristate.application.consumer.port.out.TenantNotifier.NotifyOutcome;
import dev.tristate.application.shared.port.out.TraceContext;
import dev.tristate.application.tenant.port.out.WebhookEndpointPolicy;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.task.TaskKey;
import dev.tristate.domain.tenant.TenantId;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The notifier against a local HTTP server that succeeds, fails, refuses, answers slowly and times out, and checks
 * the signature of what it receives as the Standard Webhooks specification says (by hand and with its library).
 */
class HttpTenantNotifierTest {

    private static final TaskKey KEY = new TaskKey("entitlement-granted:pay_1:course:java-101");
    private static final GrantNotice NOTICE = new GrantNotice(new TenantId("t-1"), new PaymentId("pay_1"), "SUCCEEDED",
            "u-42", "course:java-101");

    private static final String SECRET = "whsec_" + Base64.getEncoder().encodeToString(
            "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.US_ASCII));
    private static final String OLD_SECRET = "whsec_" + Base64.getEncoder().encodeToString(
            "fedcba9876543210fedcba9876543210".getBytes(StandardCharsets.US_ASCII));
    private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");

    private final HttpTenantNotifier notifier = new HttpTenantNotifier(Duration.ofMillis(500), Duration.ofMillis(700),
            WebhookEndpointPolicy.ANY, Clock.fixed(NOW, ZoneOffset.UTC));
    private final List<String> keys = new CopyOnWriteArrayList<>();
    private final List<Map<String, List<String>>> headers = new CopyOnWriteArrayList<>();
    private final List<String> bodies = new CopyOnWriteArrayList<>();
    private HttpServer server;
    private volatile int status = 200;
    private volatile long delayMillis;

    @BeforeEach
    void aLocalServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/hooks", exchange -> {
            keys.add(exchange.getRequestHeaders().getFirst("Idempotency-Key"));
            headers.add(Map.copyOf(exchange.getRequestHeaders()));
            bodies.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            try {
                Thread.sleep(delayMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/hooks");
    }

    private NotifyOutcome send() {
        return notifier.notify(endpoint(), KEY, NOTICE, List.of(SECRET));
    }

    private String header(int call, String name) {
        return headers.get(call).entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                .map(e -> e.getValue().get(0)).findFirst().orElse(null);
    }

    /** base64(HMAC-SHA256(key, id + "." + timestamp + "." + body)), the key being the secret after whsec_. */
    private static String expectedSignature(String secret, String id, String timestamp, String body)
            throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring("whsec_".length())), "HmacSHA256"));
        return Base64.getEncoder().encodeToString(mac.doFinal((id + "." + timestamp + "." + body)
                .getBytes(StandardCharsets.UTF_8)));
    }

    private static OutcomeClass classOf(NotifyOutcome outcome) {
        assertThat(outcome).isInstanceOf(NotDelivered.class);
        return ((NotDelivered) outcome).outcomeClass();
    }

    @Test
    void aSuccessIsDeliveredWithTheTaskKeyAsIdempotencyKeyAndTheNoticeAsJson() {
        assertThat(send()).isEqualTo(new Delivered(200));

        assertThat(keys).containsExactly(KEY.value());
        assertThat(bodies.get(0)).isEqualTo("{\"type\":\"entitlement.granted\",\"idempotency_key\":\""
                + KEY.value() + "\",\"tenant_id\":\"t-1\",\"payment_id\":\"pay_1\",\"payment_status\":\"SUCCEEDED\","
                + "\"user_id\":\"u-42\",\"sku\":\"course:java-101\"}");
    }

    @Test
    void aTracedNoticeNamesItsSpanInATraceparentHeaderAndAnUntracedOneSendsNone() {
        String span = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
        TraceContext traced = new TraceContext() {
            @Override
            public Optional<String> traceId() {
                return Optional.of(span.substring(3, 35));
            }

            @Override
            public Optional<String> traceparent() {
                return Optional.of(span);
            }
        };
        HttpTenantNotifier tracing = new HttpTenantNotifier(Duration.ofMillis(500), Duration.ofMillis(700),
                WebhookEndpointPolicy.ANY, Clock.fixed(NOW, ZoneOffset.UTC), traced);

        assertThat(tracing.notify(endpoint(), KEY, NOTICE, List.of(SECRET))).isEqualTo(new Delivered(200));
        assertThat(send()).isEqualTo(new Delivered(200));

        assertThat(header(0, "traceparent")).isEqualTo(span);
        assertThat(header(1, "traceparent")).isNull();
    }

    @Test
    void theNoticeIsSignedAsStandardWebhooksSaysWithTheTaskKeyAsIdAndThisAttemptsTime() throws Exception {
        assertThat(send()).isEqualTo(new Delivered(200));

        assertThat(header(0, "webhook-id")).isEqualTo(KEY.value());
        assertThat(header(0, "webhook-timestamp")).isEqualTo(Long.toString(NOW.getEpochSecond()));
        assertThat(header(0, "webhook-signature")).isEqualTo("v1," + expectedSignature(SECRET, KEY.value(),
                Long.toString(NOW.getEpochSecond()), bodies.get(0)));
    }

    @Test
    void duringARotationTheNoticeCarriesOneSignaturePerSecretAndEitherVerifies() throws Exception {
        HttpTenantNotifier now = new HttpTenantNotifier(Duration.ofMillis(500), Duration.ofMillis(700),
                WebhookEndpointPolicy.ANY, Clock.systemUTC());

        assertThat(now.notify(endpoint(), KEY, NOTICE, List.of(SECRET, OLD_SECRET))).isEqualTo(new Delivered(200));

        String timestamp = header(0, "webhook-timestamp");
        assertThat(header(0, "webhook-signature").split(" ")).containsExactly(
                "v1," + expectedSignature(SECRET, KEY.value(), timestamp, bodies.get(0)),
                "v1," + expectedSignature(OLD_SECRET, KEY.value(), timestamp, bodies.get(0)));
        for (String secret : List.of(SECRET, OLD_SECRET)) {
            new Webhook(secret).verify(bodies.get(0), headers.get(0));
        }
        String other = "whsec_" + Base64.getEncoder().encodeToString(new byte[32]);
        assertThatThrownBy(() -> new Webhook(other).verify(bodies.get(0), headers.get(0)))
                .isInstanceOf(WebhookVerificationException.class);
    }

    @Test
    void anEndpointTheNetworkRuleRefusesIsADefiniteFailureAndNothingIsSent() {
        HttpTenantNotifier strict = new HttpTenantNotifier(Duration.ofMillis(500), Duration.ofMillis(700),
                new WebhookEndpointRules(false, false), Clock.systemUTC());

        NotifyOutcome outcome = strict.notify(endpoint(), KEY, NOTICE, List.of(SECRET));

        assertThat(classOf(outcome)).isEqualTo(OutcomeClass.DEFINITE);
        assertThat(((NotDelivered) outcome).reason()).contains("127.0.0.1").contains("loopback");
        assertThat(keys).isEmpty();
    }

    @Test
    void aSecretThatIsNotAStandardWebhooksSecretIsADefiniteFailureAndNothingIsSent() {
        assertThat(classOf(notifier.notify(endpoint(), KEY, NOTICE, List.of("plain-secret-0123456789"))))
                .isEqualTo(OutcomeClass.DEFINITE);
        assertThat(classOf(notifier.notify(endpoint(), KEY, NOTICE, List.of()))).isEqualTo(OutcomeClass.DEFINITE);
        assertThat(keys).isEmpty();
    }

    @Test
    void aSlowAnswerWithinTheTimeoutIsDelivered() {
        delayMillis = 300;
        status = 204;

        assertThat(send()).isEqualTo(new Delivered(204));
    }

    @Test
    void anAnswerTooSlowIsUnknownNotFailed() {
        delayMillis = 2_000;

        assertThat(classOf(send())).isEqualTo(OutcomeClass.UNKNOWN);
        assertThat(keys).hasSize(1);
    }

    @Test
    void serverErrorsAndTooManyRequestsAreRetryable() {
        for (int failing : new int[] {500, 503, 429, 408}) {
            status = failing;
            assertThat(classOf(send())).as("HTTP " + failing).isEqualTo(OutcomeClass.RETRYABLE);
        }
    }

    @Test
    void aRefusalIsDefinite() {
        for (int refusing : new int[] {400, 404, 410, 302}) {
            status = refusing;
            assertThat(classOf(send())).as("HTTP " + refusing).isEqualTo(OutcomeClass.DEFINITE);
        }
    }

    @Test
    void nobodyListeningIsRetryable() throws IOException {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }

        NotifyOutcome outcome = notifier.notify(URI.create("http://127.0.0.1:" + closed + "/hooks"), KEY, NOTICE,
                List.of(SECRET));

        assertThat(classOf(outcome)).isEqualTo(OutcomeClass.RETRYABLE);
    }
}
