package dev.tristate.bootstrap.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.bootstrap.TristateApplication;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.ChannelReport;
import dev.tristate.domain.payment.ChannelTxnId;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.RefundId;
import dev.tristate.domain.payment.TransitionOutcome;
import dev.tristate.testing.IntegrationEnvironment;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The reproductions of bad input against the merchant API, over real sockets: each answer is a 4xx problem (never a
 * 5xx, never Tomcat's or Spring's own format), callers without a key cannot starve tenants, a tenant beyond its rate
 * gets 429 while another is served, and a body that trickles in is cut off within seconds.
 */
@SpringBootTest(classes = TristateApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
                "tristate.merchant-api.rate-limit.requests=" + MerchantApiBadInputTest.RATE,
                "tristate.merchant-api.rate-limit.period=30s",
                "tristate.merchant-api.body-read-timeout=2s"})
@ActiveProfiles("prod")
@Import(FuzzChannel.Configuration.class)
class MerchantApiBadInputTest {

    static final int RATE = 12;
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration TIMEOUT = Duration.ofSeconds(15);

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        IntegrationEnvironment.register(registry);
    }

    @LocalServerPort
    int port;

    @Autowired
    ProvisionTenantUseCase provisioning;

    @Autowired
    ChannelCredentialStore credentials;

    @Autowired
    PaymentRepository payments;

    @Autowired
    DataSource dataSource;

    private int paymentsOf(FuzzChannel.Merchant m) {
        Integer count = new JdbcTemplate(dataSource).queryForObject(
                "SELECT COUNT(*) FROM payments WHERE tenant_id = ?", Integer.class, m.tenant().value());
        return count == null ? 0 : count;
    }

    private FuzzChannel.Merchant merchant() {
        return FuzzChannel.provision(provisioning, credentials, "bad");
    }

    private RawHttp.Answer send(String request) throws IOException {
        return RawHttp.send("127.0.0.1", port, request.getBytes(StandardCharsets.UTF_8), TIMEOUT);
    }

    private RawHttp.Answer post(String path, String apiKey, String key, String body) throws IOException {
        return send(FuzzChannel.post(path, apiKey, key, body));
    }

    private RawHttp.Answer get(String path, String apiKey) throws IOException {
        return send("GET " + path + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + apiKey
                + "\r\nConnection: close\r\n\r\n");
    }

    /** A problem-JSON answer with a status below 500; its code. */
    private static String problem(RawHttp.Answer answer, int status) {
        assertThat(answer.status()).as(answer.toString()).isEqualTo(status);
        assertThat(answer.header("content-type")).as(answer.toString()).startsWith("application/problem+json");
        return JSON.readTree(answer.text()).get("code").stringValue();
    }

    private String createPayment(FuzzChannel.Merchant m) throws IOException {
        RawHttp.Answer created = post("/api/v1/payments", m.apiKey(), "k-" + UUID.randomUUID(),
                FuzzChannel.order("course:java-101"));
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        return JSON.readTree(created.text()).get("payment_id").stringValue();
    }

    /** The channel's success applied as a callback applies it. */
    private String paidPayment(FuzzChannel.Merchant m) throws IOException {
        String id = createPayment(m);
        Payment pending = payments.findById(m.tenant(), new PaymentId(id)).orElseThrow();
        Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        TransitionOutcome.Applied applied = (TransitionOutcome.Applied) pending.apply(new ChannelReport(
                ChannelTradeStatus.SUCCESS, pending.amount(), new ChannelTxnId("txn-" + UUID.randomUUID()), now), now);
        assertThat(payments.update(applied.before(), applied.after())).isTrue();
        return id;
    }

    @Test
    void slowBodiesWithoutAKeyDoNotStarveAuthenticatedTenants() throws Exception {
        FuzzChannel.Merchant m = merchant();
        List<Socket> slow = new ArrayList<>();
        try {
            for (int i = 0; i < 32; i++) {
                Socket socket = new Socket("127.0.0.1", port);
                OutputStream out = socket.getOutputStream();
                out.write(("POST /api/v1/payments HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                        + "Idempotency-Key: k-" + i + "\r\nContent-Length: 1000\r\n\r\n{").getBytes(
                        StandardCharsets.US_ASCII));
                out.flush();
                slow.add(socket);
            }
            Thread.sleep(500);

            RawHttp.Answer created = post("/api/v1/payments", m.apiKey(), "k-" + UUID.randomUUID(),
                    FuzzChannel.order("course:java-101"));

            assertThat(created.status()).as(created.toString()).isEqualTo(201);
        } finally {
            for (Socket socket : slow) {
                socket.close();
            }
        }
    }

    @Test
    void aTenantBeyondItsRateIs429WithRetryAfterWhileAnotherTenantIsServed() throws Exception {
        FuzzChannel.Merchant busy = merchant();
        FuzzChannel.Merchant quiet = merchant();
        String path = "/api/v1/payments/pay_ffffffffffffffffffffffffffffffff";
        for (int i = 0; i < RATE; i++) {
            assertThat(get(path, busy.apiKey()).status()).isEqualTo(404);
        }

        RawHttp.Answer limited = get(path, busy.apiKey());

        assertThat(problem(limited, 429)).isEqualTo("RATE_LIMITED");
        assertThat(Long.parseLong(limited.header("retry-after"))).isBetween(1L, 30L);
        assertThat(problem(get(path, quiet.apiKey()), 404)).isEqualTo("PAYMENT_NOT_FOUND");
    }

    /** Already partly refunded, so that adding the largest amount to what is refunded overflows a long. */
    private String partlyRefundedPayment(FuzzChannel.Merchant m) throws IOException {
        String id = paidPayment(m);
        Payment paid = payments.findById(m.tenant(), new PaymentId(id)).orElseThrow();
        TransitionOutcome.Applied applied = (TransitionOutcome.Applied) paid.applyRefund(
                new RefundId("rfd_" + UUID.randomUUID().toString().replace("-", "")), Money.of(500, "CNY"),
                Instant.now().truncatedTo(ChronoUnit.MICROS));
        assertThat(payments.update(applied.before(), applied.after())).isTrue();
        return id;
    }

    @Test
    void aRefundOfTheLargestAmountIsRefusedAsExceedingTheCapturedAmount() throws Exception {
        FuzzChannel.Merchant m = merchant();
        String payment = partlyRefundedPayment(m);

        RawHttp.Answer refused = post("/api/v1/payments/" + payment + "/refunds", m.apiKey(),
                "k-" + UUID.randomUUID(), "{\"amount_minor\":9223372036854775807}");

        assertThat(problem(refused, 422)).isEqualTo("REFUND_EXCEEDS_CAPTURED");
        assertThat(payments.findById(m.tenant(), new PaymentId(payment)).orElseThrow().refunded().minor())
                .isEqualTo(500);
    }

    @Test
    void aUtf8IdempotencyKeyIsA400Problem() throws Exception {
        FuzzChannel.Merchant m = merchant();

        RawHttp.Answer answer = post("/api/v1/payments", m.apiKey(), "ключ", FuzzChannel.order("course:java-101"));

        assertThat(problem(answer, 400)).isIn("IDEMPOTENCY_KEY_INVALID", "MALFORMED_REQUEST");
    }

    @Test
    void aUtf8BearerTokenIsA401Problem() throws Exception {
        RawHttp.Answer answer = post("/api/v1/payments", "ключ", "k-1", FuzzChannel.order("course:java-101"));

        assertThat(problem(answer, 401)).isEqualTo("UNAUTHENTICATED");
    }

    @Test
    void theErrorPathAskedForDirectlyIsNotFound() throws Exception {
        RawHttp.Answer answer = send("GET /error HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");

        assertThat(problem(answer, 404)).isEqualTo("NOT_FOUND");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/api/v1/payments;jsessionid=1", "/api/v1/payments/pay_1;x=y", "/api/v1/%25",
            "/api/v1/payments/%2e%2e/%2e%2e/admin", "/api/v1/payments/%2e%2e", "/api/v1/payments/%00",
            "/api/v1/payments/pay_%2F1", "/api/v1//payments", "/api/v1/payments/%ZZ", "/api/v1/./payments",
            "/api/%2e%2e/admin", "/api/v1/payments/%E2%98%95"})
    void anOddPathUnderApiIsAProblem(String path) throws Exception {
        FuzzChannel.Merchant m = merchant();

        RawHttp.Answer answer = get(path, m.apiKey());

        assertThat(answer.status()).as(answer.toString()).isBetween(400, 499);
        assertThat(answer.header("content-type")).as(answer.toString()).startsWith("application/problem+json");
        assertThat(JSON.readTree(answer.text()).get("code").stringValue()).isNotBlank();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/admin;x=1", "/admin/%2e%2e/x", "/admin/%25", "//admin", "/error;x", "/%00"})
    void anOddPathOutsideTheApiIsA4xxToo(String path) throws Exception {
        RawHttp.Answer answer = send("GET " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");

        assertThat(answer.status()).as(answer.toString()).isBetween(400, 499);
    }

    @ParameterizedTest
    @ValueSource(strings = {"X-Odd: a\u0001b", "X-Odd: a\u0000b", "X-Odd\u0007: v", "Idempotency-Key: k\u007f1",
            " Folded: v", "X-Odd: \u001b[31m"})
    void aControlCharacterInAHeaderIsAProblem(String header) throws Exception {
        FuzzChannel.Merchant m = merchant();
        String body = FuzzChannel.order("course:java-101");

        RawHttp.Answer answer = send("POST /api/v1/payments HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
                + m.apiKey() + "\r\n" + header + "\r\nContent-Type: application/json\r\nContent-Length: "
                + body.getBytes(StandardCharsets.UTF_8).length + "\r\nConnection: close\r\n\r\n" + body);

        assertThat(answer.status()).as(answer.toString()).isBetween(400, 499);
        assertThat(answer.header("content-type")).as(answer.toString()).startsWith("application/problem+json");
    }

    @Test
    void aBodyThatTricklesInIsCutOffWithin408() throws Exception {
        FuzzChannel.Merchant m = merchant();
        byte[] body = FuzzChannel.order("course:java-101").getBytes(StandardCharsets.UTF_8);
        byte[] head = ("POST /api/v1/payments HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + m.apiKey()
                + "\r\nIdempotency-Key: k-" + UUID.randomUUID() + "\r\nContent-Type: application/json\r\n"
                + "Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        long start = System.nanoTime();

        RawHttp.Answer answer = RawHttp.sendSlowly("127.0.0.1", port, head, body, Duration.ofMillis(250), TIMEOUT);

        assertThat(problem(answer, 408)).isEqualTo("REQUEST_TIMEOUT");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(6));
    }

    @Test
    void aBodyThatStopsArrivingIsCutOffWithin408() throws Exception {
        FuzzChannel.Merchant m = merchant();
        long start = System.nanoTime();

        RawHttp.Answer answer = send("POST /api/v1/payments HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
                + m.apiKey() + "\r\nIdempotency-Key: k-" + UUID.randomUUID() + "\r\nContent-Type: application/json"
                + "\r\nContent-Length: 1000\r\n\r\n{\"amount_minor\":");

        assertThat(problem(answer, 408)).isEqualTo("REQUEST_TIMEOUT");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    }

    @ParameterizedTest
    @ValueSource(strings = {"does-not-exist-1", "pay_ffffffffffffffffffffffffffffffff", "pay_", "pay_bang!",
            "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"})
    void anUnknownOrMalformedPaymentIdIsNotFound(String id) throws Exception {
        FuzzChannel.Merchant m = merchant();

        assertThat(problem(get("/api/v1/payments/" + id, m.apiKey()), 404)).isEqualTo("PAYMENT_NOT_FOUND");
        assertThat(problem(post("/api/v1/payments/" + id + "/refunds", m.apiKey(), "k-" + UUID.randomUUID(),
                "{\"amount_minor\":1}"), 404)).isEqualTo("PAYMENT_NOT_FOUND");
        assertThat(problem(get("/api/v1/payments/" + id + "/refunds/rfd_1", m.apiKey()), 404))
                .isEqualTo("REFUND_NOT_FOUND");
    }

    @ParameterizedTest
    @ValueSource(strings = {"does-not-exist-1", "rfd_ffffffffffffffffffffffffffffffff", "rfd_", "nope!"})
    void anUnknownOrMalformedRefundIdIsNotFound(String id) throws Exception {
        FuzzChannel.Merchant m = merchant();
        String payment = createPayment(m);

        assertThat(problem(get("/api/v1/payments/" + payment + "/refunds/" + id, m.apiKey()), 404))
                .isEqualTo("REFUND_NOT_FOUND");
    }

    @ParameterizedTest
    @ValueSource(strings = {"zz\\nx", "course:zz\\nx", "course:a\\u0000", "course:\\u00e9t\\u00e9", "book:1",
            "tokens:0"})
    void aSkuTheEntitlementStageWouldRefuseIsRefusedAtCreation(String sku) throws Exception {
        FuzzChannel.Merchant m = merchant();
        int before = paymentsOf(m);

        RawHttp.Answer refused = post("/api/v1/payments", m.apiKey(), "k-" + UUID.randomUUID(),
                FuzzChannel.order(sku));

        assertThat(problem(refused, 422)).isEqualTo("VALIDATION_FAILED");
        assertThat(JSON.readTree(refused.text()).get("errors").get(0).get("field").stringValue()).isEqualTo("sku");
        assertThat(paymentsOf(m)).isEqualTo(before);
    }
}
