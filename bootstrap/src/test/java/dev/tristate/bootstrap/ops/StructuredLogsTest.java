package dev.tristate.bootstrap.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantCommand;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase;
import dev.tristate.bootstrap.TristateApplication;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.TenantId;
import dev.tristate.testing.IntegrationEnvironment;
import dev.tristate.testing.SandboxRequests;
import dev.tristate.adapter.out.channel.sandbox.SandboxSignature;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The prod profile logs one ECS JSON object a line, and no secret ever appears in it: neither the settings' (master
 * key, scrape token) nor a tenant's (API key, channel secret), from start-up through a paid callback to the grant.
 */
@ExtendWith(OutputCaptureExtension.class)
@SpringBootTest(classes = TristateApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"tristate.security.master-key=" + StructuredLogsTest.MASTER_KEY,
                "tristate.management.scrape-token=" + StructuredLogsTest.SCRAPE_TOKEN,
                "tristate.sandbox-channel.enabled=true", "tristate.relay.interval=100ms"})
@ActiveProfiles("prod")
class StructuredLogsTest {

    static final String MASTER_KEY = "Q2FuIHlvdSBzZWUgdGhpcyBtYXN0ZXIga2V5PyBObz8=";
    static final String SCRAPE_TOKEN = "scrape-token-that-no-log-line-may-ever-show";
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        IntegrationEnvironment.register(registry);
    }

    @LocalServerPort int port;
    @Autowired ProvisionTenantUseCase provisioning;
    @Autowired JdbcTemplate jdbc;

    @Test
    void everyLineIsEcsJsonAndNoSecretIsInAny(CapturedOutput output) throws Exception {
        String suffix = UUID.randomUUID().toString().substring(0, 12);
        String merchant = "m-logs-" + suffix;
        String secret = "logs-sandbox-secret-" + suffix;
        String apiKey = provisioning.provision(new ProvisionTenantCommand(new TenantId("t-logs-" + suffix),
                "logs " + suffix, new MerchantId(merchant), Optional.empty(), Optional.of(secret)))
                .apiKey().orElseThrow().value();
        String base = "http://localhost:" + port;
        String order = "{\"merchant_order_id\":\"o-" + suffix + "\",\"amount_minor\":1999,\"currency\":\"CNY\","
                + "\"channel\":\"sandbox\",\"user_id\":\"u-1\",\"sku\":\"course:java-101\",\"description\":\"logs\"}";
        HttpResponse<String> created = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/api/v1/payments"))
                .header("Authorization", "Bearer " + apiKey).header("Idempotency-Key", "k-" + suffix)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(order)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        String payment = JSON.readTree(created.body()).get("payment_id").stringValue();
        HTTP.send(SandboxRequests.signed(URI.create(base), merchant, secret, "POST",
                "/sandbox-channel/trades/" + payment + "/events", "{\"status\":\"SUCCESS\"}").build(),
                HttpResponse.BodyHandlers.ofString());
        // A scrape with the token, and one callback with a wrong signature: both are logged about, if at all, bare.
        HTTP.send(HttpRequest.newBuilder(URI.create(base + "/actuator/prometheus"))
                .header("Authorization", "Bearer " + SCRAPE_TOKEN).build(), HttpResponse.BodyHandlers.ofString());
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() -> jdbc.queryForObject(
                "SELECT COUNT(*) FROM entitlements WHERE payment_id = ?", Long.class, payment) > 0);
        // A callback for a payment this merchant does not have is held for review, and logged about.
        String unknownPayment = "pay_" + UUID.randomUUID().toString().replace("-", "");
        byte[] held = ("{\"notify_id\":\"n-held-" + suffix + "\",\"merchant_id\":\"" + merchant
                + "\",\"out_trade_no\":\"" + unknownPayment + "\",\"trade_no\":\"T-" + suffix
                + "\",\"trade_status\":\"SUCCESS\",\"amount_minor\":1999,\"currency\":\"CNY\",\"event_time\":\""
                + Instant.now() + "\"}").getBytes(StandardCharsets.UTF_8);
        HttpResponse<String> heldAnswer = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/callbacks/sandbox"))
                .header("Content-Type", "application/json")
                .header(SandboxSignature.HEADER, SandboxSignature.sign(secret, Instant.now().getEpochSecond(), held))
                .POST(HttpRequest.BodyPublishers.ofByteArray(held)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(heldAnswer.statusCode()).as(heldAnswer.body()).isEqualTo(200);

        String all = output.getAll();
        JsonNode heldLine = JSON.readTree(all.lines().filter(line -> line.startsWith("{")
                && line.contains("n-held-" + suffix) && line.contains("held for review")).findFirst()
                .orElseThrow(() -> new AssertionError("no line about the held notification:\n" + all)));
        assertThat(heldLine.path("log").path("level").stringValue()).isEqualTo("WARN");
        assertThat(heldLine.path("tenant_id").stringValue()).as(heldLine.toString()).isEqualTo("t-logs-" + suffix);
        assertThat(heldLine.path("payment_id").stringValue()).as(heldLine.toString()).isEqualTo(unknownPayment);
        assertThat(heldLine.path("traceId").stringValue()).as(heldLine.toString()).matches("[0-9a-f]{32}");
        assertThat(heldLine.path("spanId").stringValue()).as(heldLine.toString()).matches("[0-9a-f]{16}");
        String heldTrace = jdbc.queryForObject("SELECT trace_id FROM channel_notifications WHERE notify_id = ?",
                String.class, "n-held-" + suffix);
        assertThat(heldLine.path("traceId").stringValue()).as("the line names the notification record's trace")
                .isEqualTo(heldTrace);
        for (String secretValue : List.of(MASTER_KEY, SCRAPE_TOKEN, secret, apiKey)) {
            assertThat(all).as("a secret in the log").doesNotContain(secretValue);
        }
        List<String> logLines = all.lines().filter(line -> line.startsWith("{")).toList();
        assertThat(logLines).as("start-up alone logs several lines").hasSizeGreaterThan(5);
        for (String line : logLines) {
            JsonNode json = JSON.readTree(line);
            assertThat(json.has("@timestamp") && json.path("log").has("level") && json.has("message")).as(line)
                    .isTrue();
            assertThat(json.path("service").path("name").stringValue()).as(line).isEqualTo("tristate");
        }
        assertThat(all.lines().filter(line -> line.matches("^\\d{4}-\\d\\d-\\d\\dT.* (INFO|WARN|ERROR) .*")))
                .as("no line in the plain pattern").isEmpty();
    }
}
