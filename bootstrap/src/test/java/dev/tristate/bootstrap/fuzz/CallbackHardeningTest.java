package dev.tristate.bootstrap.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.adapter.out.channel.sandbox.SandboxSignature;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantCommand;
import dev.tristate.bootstrap.TristateApplication;
import dev.tristate.bootstrap.callback.CallbackTestSupport;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.TenantId;
import dev.tristate.testing.IntegrationEnvironment;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Callbacks that someone other than the channel sends, over a plain socket: headers and paths Spring Security's
 * firewall would refuse, unsigned callbacks probing for merchant ids, a flood of forgeries and oversized ones. The
 * budget for recording refused callbacks is small here (8 per caller and channel), so the flood runs last.
 */
@SpringBootTest(classes = TristateApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
                "tristate.callbacks.rejected.limit-per-period=8", "tristate.callbacks.rejected.period=10m",
                "tristate.callbacks.rejected.max-stored-bytes=1024", "tristate.callbacks.body-read-timeout=2s"})
@ActiveProfiles("prod")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CallbackHardeningTest {

    private static final String MERCHANT = "m-hard-" + UUID.randomUUID().toString().substring(0, 8);
    private static final String TENANT = "t-" + MERCHANT;
    private static final String SECRET = "hardening-secret-0123456789";
    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    private static boolean provisioned;

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        IntegrationEnvironment.register(registry);
    }

    @LocalServerPort
    int port;

    @Autowired
    ProvisionTenantUseCase tenants;

    @Autowired
    DataSource dataSource;

    private JdbcTemplate jdbc;
    private String paymentId;

    @BeforeEach
    void aPendingPayment() {
        jdbc = new JdbcTemplate(dataSource);
        if (!provisioned) {
            tenants.provision(new ProvisionTenantCommand(new TenantId(TENANT), "Hardening shop",
                    new MerchantId(MERCHANT), Optional.empty(), Optional.of(SECRET)));
            provisioned = true;
        }
        paymentId = CallbackTestSupport.insertPendingPayment(dataSource, TENANT);
    }

    @Test
    @Order(1)
    void aSignedCallbackWithAUtf8UserAgentIsAppliedRecordedAndAnsweredInTheChannelsWords() throws Exception {
        String notifyId = "n-ua-" + UUID.randomUUID();
        byte[] body = body(notifyId, MERCHANT, "SUCCESS");

        RawHttp.Answer answer = send("/callbacks/sandbox", signed(body) + "User-Agent: Zahlungsdienst/1.0 (Zürich; €; 支付)\r\n",
                body);

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.text()).isEqualTo("{\"code\":\"SUCCESS\"}");
        assertThat(status()).isEqualTo("SUCCEEDED");
        Map<String, Object> row = jdbc.queryForMap("SELECT outcome, headers FROM channel_notifications"
                + " WHERE notify_id = ?", notifyId);
        assertThat(row.get("outcome")).isEqualTo("APPLIED");
        assertThat((String) row.get("headers")).contains("Zahlungsdienst/1.0 (Zürich; €; 支付)");
    }

    @Test
    @Order(2)
    void aCallbackAtAPathTheFirewallRefusesIsAnsweredInTheChannelsWordsAndRecorded() throws Exception {
        Map<String, String> answers = Map.of("/callbacks/sandbox;jsessionid=1", "{\"code\":\"INVALID\"",
                "/callbacks/sandbox%25", "{\"code\":\"INVALID\"", "/callbacks//sandbox", "{\"code\":\"INVALID\"",
                "/callbacks/%2e%2e/sandbox", "{\"code\":\"UNKNOWN_CHANNEL\"}");
        for (String path : answers.keySet()) {
            String marker = "path-" + UUID.randomUUID();
            byte[] body = ("{\"marker\":\"" + marker + "\"}").getBytes(StandardCharsets.UTF_8);
            long before = refusedWith(marker);

            RawHttp.Answer answer = send(path, "", body);

            assertThat(answer.status()).as(path).isEqualTo(answers.get(path).contains("UNKNOWN") ? 404 : 400);
            assertThat(answer.text()).as(path).startsWith(answers.get(path));
            assertThat(refusedWith(marker)).as(path + " recorded").isEqualTo(before + 1);
        }
    }

    @Test
    @Order(3)
    void anUnsignedCallbackGetsTheSameAnswerForAKnownAndAnUnknownMerchant() throws Exception {
        RawHttp.Answer known = send("/callbacks/sandbox", "", body("n-" + UUID.randomUUID(), MERCHANT, "SUCCESS"));
        RawHttp.Answer unknown = send("/callbacks/sandbox", "",
                body("n-" + UUID.randomUUID(), "m-nobody-" + UUID.randomUUID(), "SUCCESS"));

        assertThat(unknown.status()).isEqualTo(known.status()).isEqualTo(401);
        assertThat(unknown.text()).isEqualTo(known.text()).isEqualTo("{\"code\":\"BAD_SIGNATURE\"}");
        assertThat(status()).isEqualTo("PENDING");
    }

    @Test
    @Order(4)
    void theRawBodyOfARefusedCallbackIsStoredCutToTheCapAndSaysSo() throws Exception {
        String marker = "big-" + UUID.randomUUID();
        byte[] body = ("{\"marker\":\"" + marker + "\",\"pad\":\"" + "x".repeat(5000) + "\"}")
                .getBytes(StandardCharsets.UTF_8);

        RawHttp.Answer answer = send("/callbacks/sandbox", "", body);

        assertThat(answer.status()).isEqualTo(400);
        Map<String, Object> row = jdbc.queryForMap("SELECT raw_body, reason FROM channel_notifications"
                + " WHERE outcome = 'REJECTED' ORDER BY id DESC LIMIT 1");
        byte[] stored = (byte[]) row.get("raw_body");
        assertThat(stored).hasSize(1024);
        assertThat(new String(stored, StandardCharsets.UTF_8)).contains(marker);
        assertThat((String) row.get("reason")).contains("[raw body cut to its first 1024 of " + body.length + " bytes]");
    }

    @Test
    @Order(5)
    void aBodyThatTricklesInIsCutOffAtTheDeadlineAndAnsweredInTheChannelsWords() throws Exception {
        // One byte every 200 ms never trips Tomcat's read timeout; the whole body would take about 40 s.
        byte[] body = body("n-slow-" + UUID.randomUUID(), MERCHANT, "SUCCESS");
        byte[] head = ("POST /callbacks/sandbox HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: " + body.length + "\r\n" + signed(body) + "\r\n").getBytes(StandardCharsets.UTF_8);
        long started = System.nanoTime();

        RawHttp.Answer answer = RawHttp.sendSlowly("127.0.0.1", port, head, body, Duration.ofMillis(200), TIMEOUT);

        assertThat(Duration.ofNanos(System.nanoTime() - started)).as("answered soon after the 2 s deadline")
                .isLessThan(Duration.ofSeconds(10));
        assertThat(answer.status()).as("what arrived cannot be read or verify").isIn(400, 401, 429);
        assertThat(answer.text()).startsWith("{\"code\":");
        assertThat(answer.header("connection")).isEqualTo("close");
        assertThat(status()).isEqualTo("PENDING");
    }

    @Test
    @Order(6)
    void aFloodOfForgedCallbacksIsRecordedOnlyWithinTheBudgetAndAGenuineOneStillApplies() throws Exception {
        long rowsBefore = jdbc.queryForObject("SELECT COUNT(*) FROM channel_notifications", Long.class);
        int refused = 0;
        int limited = 0;
        for (int i = 0; i < 16; i++) {
            byte[] forged = body("n-forged-" + i + "-" + UUID.randomUUID(), MERCHANT, "SUCCESS");
            RawHttp.Answer answer = send("/callbacks/sandbox",
                    SandboxSignature.HEADER + ": t=" + Instant.now().getEpochSecond() + ",v1=" + "0".repeat(64)
                            + "\r\n", forged);
            if (answer.status() == 429) {
                assertThat(answer.text()).isEqualTo("{\"code\":\"RETRY\"}");
                assertThat(answer.header("retry-after")).as("the budget's period, 10 min").isEqualTo("600");
                limited++;
            } else {
                assertThat(answer.status()).isEqualTo(401);
                refused++;
            }
        }
        long rowsAfterFlood = jdbc.queryForObject("SELECT COUNT(*) FROM channel_notifications", Long.class);

        assertThat(limited).as("answered 429 once the budget of 8 was spent").isGreaterThanOrEqualTo(8);
        assertThat(rowsAfterFlood - rowsBefore).as("only the refusals within the budget are stored")
                .isEqualTo(refused).isLessThanOrEqualTo(8);
        byte[] genuine = body("n-genuine-" + UUID.randomUUID(), MERCHANT, "SUCCESS");
        RawHttp.Answer answer = send("/callbacks/sandbox", signed(genuine), genuine);
        assertThat(answer.status()).isEqualTo(200);
        assertThat(status()).isEqualTo("SUCCEEDED");
    }

    private long refusedWith(String marker) {
        return jdbc.queryForList("SELECT raw_body FROM channel_notifications WHERE outcome = 'REJECTED'", byte[].class)
                .stream().filter(b -> new String(b, StandardCharsets.UTF_8).contains(marker)).count();
    }

    private String status() {
        return jdbc.queryForObject("SELECT status FROM payments WHERE id = ?", String.class, paymentId);
    }

    private byte[] body(String notifyId, String merchant, String status) {
        return CallbackTestSupport.body(notifyId, merchant, paymentId, "T-" + UUID.randomUUID(), status, 1999)
                .getBytes(StandardCharsets.UTF_8);
    }

    private static String signed(byte[] body) {
        return SandboxSignature.HEADER + ": " + SandboxSignature.sign(SECRET, Instant.now().getEpochSecond(), body)
                + "\r\n";
    }

    private RawHttp.Answer send(String path, String headers, byte[] body) throws Exception {
        ByteArrayOutputStream request = new ByteArrayOutputStream();
        request.write(("POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Connection: close\r\nContent-Length: " + body.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
        request.write(headers.getBytes(StandardCharsets.UTF_8));
        request.write("\r\n".getBytes(StandardCharsets.US_ASCII));
        request.write(body);
        return RawHttp.send("127.0.0.1", port, request.toByteArray(), TIMEOUT);
    }
}
