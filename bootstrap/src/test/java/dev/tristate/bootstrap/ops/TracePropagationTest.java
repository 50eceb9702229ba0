package dev.tristate.bootstrap.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantCommand;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.application.tenant.port.out.TenantWebhooks;
import dev.tristate.bootstrap.TristateApplication;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.TenantId;
import dev.tristate.testing.IntegrationEnvironment;
import dev.tristate.testing.SandboxRequests;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.json.JsonMapper;

/**
 * One trace from the channel's callback to the tenant's service, on the prod profile against MariaDB and RabbitMQ: the
 * callback's HTTP span, the notification record's trace id, the outbox row's traceparent, the message's header, the
 * consumer's span that grants the entitlement, the task row's traceparent, the task's client span and the
 * {@code traceparent} header the tenant's service receives all name the same trace. Spans are caught by an in-memory
 * exporter; the tenant's service is this test's HTTP receiver.
 */
@SpringBootTest(classes = {TristateApplication.class, TracePropagationTest.Spans.class},
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
                "tristate.sandbox-channel.enabled=true", "tristate.relay.interval=100ms",
                "tristate.tasks.interval=100ms", "tristate.webhooks.require-https=false",
                "tristate.webhooks.allow-private-networks=true",
                "management.tracing.sampling.probability=1.0",
                "management.opentelemetry.tracing.export.schedule-delay=50ms"})
@ActiveProfiles("prod")
class TracePropagationTest {

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TestConfiguration(proxyBeanMethods = false)
    static class Spans {
        @Bean
        InMemorySpanExporter inMemorySpanExporter() {
            return InMemorySpanExporter.create();
        }
    }

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        IntegrationEnvironment.register(registry);
    }

    @LocalServerPort int port;
    @Autowired ProvisionTenantUseCase provisioning;
    @Autowired InMemorySpanExporter spans;
    @Autowired JdbcTemplate jdbc;
    @Autowired ApplicationContext context;
    @Autowired TenantWebhooks webhooks;
    @Autowired ChannelCredentialStore credentials;

    private final List<String> receivedTraceparents = new CopyOnWriteArrayList<>();
    private HttpServer tenantService;

    @BeforeEach
    void aTenantsService() throws Exception {
        tenantService = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        tenantService.createContext("/hooks", exchange -> {
            String traceparent = exchange.getRequestHeaders().getFirst("traceparent");
            receivedTraceparents.add(traceparent == null ? "none" : traceparent);
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        tenantService.start();
    }

    @AfterEach
    void stopTheTenantsService() {
        tenantService.stop(0);
    }

    @Test
    void theCallbacksTraceGoesThroughTheOutboxTheBrokerAndTheConsumerToTheTenantsService() throws Exception {
        String suffix = UUID.randomUUID().toString().substring(0, 12);
        String merchant = "m-trace-" + suffix;
        String secret = "trace-sandbox-secret-" + suffix;
        TenantId tenant = new TenantId("t-trace-" + suffix);
        String apiKey = provisioning.provision(new ProvisionTenantCommand(tenant,
                "trace " + suffix, new MerchantId(merchant), Optional.empty(), Optional.of(secret)))
                .apiKey().orElseThrow().value();
        webhooks.setEndpoint(tenant, URI.create("http://127.0.0.1:" + tenantService.getAddress().getPort()
                + "/hooks"), Instant.now());
        credentials.addSecret(tenant, TenantWebhooks.SIGNING_CHANNEL, TenantWebhooks.SIGNING_SECRET,
                "whsec_" + Base64.getEncoder().encodeToString(new byte[32]), Instant.now(), Instant.now());
        String payment = createPayment(apiKey);

        assertThat(send(SandboxRequests.signed(URI.create(base()), merchant, secret, "POST",
                "/sandbox-channel/trades/" + payment + "/events", "{\"status\":\"SUCCESS\"}")).statusCode())
                .isEqualTo(200);

        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() -> jdbc.queryForObject(
                "SELECT COUNT(*) FROM entitlements WHERE payment_id = ?", Long.class, payment) > 0);
        String traceId = jdbc.queryForObject("SELECT trace_id FROM channel_notifications WHERE payment_id = ?"
                + " AND outcome = 'APPLIED'", String.class, payment);
        assertThat(traceId).as("the notification record names the trace").matches("[0-9a-f]{32}");
        String traceparent = jdbc.queryForObject("SELECT trace_parent FROM outbox_events WHERE aggregate_id = ?"
                + " AND event_type = 'PaymentSucceeded'", String.class, payment);
        assertThat(traceparent).as("the outbox row keeps the callback's trace")
                .matches("00-" + traceId + "-[0-9a-f]{16}-0[01]");
        String writerSpan = traceparent.substring(36, 52);

        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            List<SpanData> trace = spans.getFinishedSpanItems().stream()
                    .filter(s -> s.getTraceId().equals(traceId)).toList();
            assertThat(trace).as("the callback's HTTP span")
                    .anySatisfy(s -> {
                        assertThat(s.getKind()).isEqualTo(SpanKind.SERVER);
                        assertThat(s.getSpanId()).isEqualTo(writerSpan);
                    });
            assertThat(trace).as("the consumer's span, continued from the message's traceparent")
                    .anySatisfy(s -> {
                        assertThat(s.getKind()).isEqualTo(SpanKind.CONSUMER);
                        assertThat(s.getName()).isEqualTo("entitlements receive");
                        assertThat(s.getParentSpanId()).isEqualTo(writerSpan);
                    });
        });

        // The grant's task runs later, in a span of its own that continues the trace the task row keeps.
        String taskTraceparent = jdbc.queryForObject("SELECT trace_parent FROM tasks WHERE payment_id = ?",
                String.class, payment);
        assertThat(taskTraceparent).as("the task row keeps the consumer's trace")
                .matches("00-" + traceId + "-[0-9a-f]{16}-0[01]");
        String taskWriterSpan = taskTraceparent.substring(36, 52);
        await().atMost(Duration.ofSeconds(30)).until(() -> !receivedTraceparents.isEmpty());
        String received = receivedTraceparents.get(0);
        assertThat(received).as("the tenant's service is called within the callback's trace")
                .matches("00-" + traceId + "-[0-9a-f]{16}-0[01]");
        String callSpan = received.substring(36, 52);
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(spans.getFinishedSpanItems())
                .as("the task's call to the tenant, a child of the span that wrote the task").anySatisfy(s -> {
                    assertThat(s.getTraceId()).isEqualTo(traceId);
                    assertThat(s.getSpanId()).isEqualTo(callSpan);
                    assertThat(s.getKind()).isEqualTo(SpanKind.CLIENT);
                    assertThat(s.getName()).isEqualTo("tenant notice");
                    assertThat(s.getParentSpanId()).isEqualTo(taskWriterSpan);
                }));
        assertThat(context.getBeansOfType(SpanExporter.class)).as("nothing is exported unless asked for")
                .containsOnlyKeys("inMemorySpanExporter");
    }

    private String createPayment(String apiKey) throws Exception {
        String order = "{\"merchant_order_id\":\"o-" + UUID.randomUUID() + "\",\"amount_minor\":1999,"
                + "\"currency\":\"CNY\",\"channel\":\"sandbox\",\"user_id\":\"u-42\",\"sku\":\"course:java-101\","
                + "\"description\":\"trace\"}";
        HttpResponse<String> created = send(HttpRequest.newBuilder(URI.create(base() + "/api/v1/payments"))
                .header("Authorization", "Bearer " + apiKey).header("Idempotency-Key", "k-" + UUID.randomUUID())
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(order)));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return JSON.readTree(created.body()).get("payment_id").stringValue();
    }

    private String base() {
        return "http://localhost:" + port;
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
