package dev.tristate.bootstrap.callback;

import static dev.tristate.bootstrap.callback.CallbackTestSupport.insertPendingPayment;
import static dev.tristate.bootstrap.callback.CallbackTestSupport.status;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.adapter.out.channel.sandbox.SandboxSignature;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantCommand;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.TenantId;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Bad input at the sandbox callback endpoint, over real HTTP: each case gets its clear 4xx, the payment does not
 * change, and the rejection is recorded with its reason.
 */
class SandboxCallbackBadInputTest extends ApplicationOverHttpTest {

    private static final String MERCHANT = "m-bad-" + UUID.randomUUID().toString().substring(0, 8);
    private static final String SECRET = "bad-input-secret-0123456789";
    private static boolean provisioned;

    private String paymentId;

    @BeforeEach
    void aPendingPayment() {
        if (!provisioned) {
            tenants.provision(new ProvisionTenantCommand(new TenantId("t-" + MERCHANT), "Bad input shop",
                    new MerchantId(MERCHANT), Optional.empty(), Optional.of(SECRET)));
            provisioned = true;
        }
        paymentId = insertPendingPayment(dataSource, "t-" + MERCHANT);
    }

    /** A valid body with one field replaced by raw JSON ({@code null} removes it). */
    private static String bodyWith(String paymentId, String field, String rawValue) {
        StringBuilder json = new StringBuilder("{");
        String[][] fields = {
                {"notify_id", "\"n-" + UUID.randomUUID() + "\""}, {"merchant_id", "\"" + MERCHANT + "\""},
                {"out_trade_no", "\"" + paymentId + "\""}, {"trade_no", "\"T-" + UUID.randomUUID() + "\""},
                {"trade_status", "\"SUCCESS\""}, {"amount_minor", "1999"}, {"currency", "\"CNY\""},
                {"event_time", "\"" + Instant.now() + "\""}};
        for (String[] f : fields) {
            String value = f[0].equals(field) ? rawValue : f[1];
            if (value == null) {
                continue;
            }
            json.append(json.length() > 1 ? "," : "").append('"').append(f[0]).append("\":").append(value);
        }
        return json.append('}').toString();
    }

    static Stream<Arguments> badInput() {
        return Stream.of(
                Arguments.of("malformed JSON", 400, "INVALID", (Case) (p, now) -> bytes("{\"notify_id\":")),
                Arguments.of("not an object", 400, "INVALID", (Case) (p, now) -> bytes("[1,2,3]")),
                Arguments.of("amount as string", 400, "INVALID", field("amount_minor", "\"1999\"")),
                Arguments.of("amount as decimal", 400, "INVALID", field("amount_minor", "19.99")),
                Arguments.of("negative amount", 400, "INVALID", field("amount_minor", "-1")),
                Arguments.of("overflowing amount", 400, "INVALID", field("amount_minor", "92233720368547758070")),
                Arguments.of("unknown currency", 400, "INVALID", field("currency", "\"XYZ\"")),
                Arguments.of("lower-case currency", 400, "INVALID", field("currency", "\"cny\"")),
                Arguments.of("unknown status", 400, "INVALID", field("trade_status", "\"PAID\"")),
                Arguments.of("missing notify_id", 400, "INVALID", field("notify_id", null)),
                Arguments.of("missing trade_no", 400, "INVALID", field("trade_no", null)),
                Arguments.of("notify_id too long", 400, "INVALID", field("notify_id", "\"" + "n".repeat(65) + "\"")),
                Arguments.of("bad event_time", 400, "INVALID", field("event_time", "\"yesterday\"")),
                Arguments.of("bad UTF-8", 400, "INVALID", (Case) (p, now) -> {
                    byte[] valid = bytes(bodyWith(p, "notify_id", "\"n-X\""));
                    int x = new String(valid, StandardCharsets.ISO_8859_1).indexOf("n-X") + 2;
                    valid[x] = (byte) 0xC3;
                    valid[x + 1] = (byte) 0x28;
                    return valid;
                }),
                Arguments.of("unknown merchant", 401, "BAD_SIGNATURE", field("merchant_id", "\"m-nobody\"")));
    }

    interface Case {
        byte[] body(String paymentId, Instant now);
    }

    private static Case field(String name, String rawValue) {
        return (p, now) -> bytes(bodyWith(p, name, rawValue));
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("badInput")
    void badInputIsRefusedRecordedAndChangesNothing(String name, int expectedStatus, String expectedCode, Case c)
            throws Exception {
        byte[] body = c.body(paymentId, Instant.now());
        HttpResponse<String> answer = send(body, SandboxSignature.sign(SECRET, Instant.now().getEpochSecond(), body),
                null);

        assertRefused(answer, expectedStatus, expectedCode, body);
    }

    @ParameterizedTest(name = "timestamp {0} s away -> 401")
    @org.junit.jupiter.params.provider.ValueSource(longs = {-301, 301, -86_400})
    void aTimestampOutsideFiveMinutesIsRefused(long offsetSeconds) throws Exception {
        byte[] body = bytes(bodyWith(paymentId, "x", null));
        HttpResponse<String> answer = send(body,
                SandboxSignature.sign(SECRET, Instant.now().getEpochSecond() + offsetSeconds, body), null);

        assertRefused(answer, 401, "BAD_SIGNATURE", body);
    }

    @org.junit.jupiter.api.Test
    void aTamperedBodyIsRefused() throws Exception {
        byte[] signed = bytes(bodyWith(paymentId, "x", null));
        String signature = SandboxSignature.sign(SECRET, Instant.now().getEpochSecond(), signed);
        byte[] tampered = new String(signed, StandardCharsets.UTF_8).replace("1999", "1998")
                .getBytes(StandardCharsets.UTF_8);

        assertRefused(send(tampered, signature, null), 401, "BAD_SIGNATURE", tampered);
    }

    @org.junit.jupiter.api.Test
    void aMissingSignatureIsRefused() throws Exception {
        byte[] body = bytes(bodyWith(paymentId, "x", null));
        assertRefused(send(body, null, null), 401, "BAD_SIGNATURE", body);
    }

    @org.junit.jupiter.api.Test
    void aBodyOverTheLimitIsRefusedWith413() throws Exception {
        String padding = "\"pad\":\"" + "x".repeat(70_000) + "\",";
        byte[] body = bytes(bodyWith(paymentId, "x", null).replaceFirst("\\{", "{" + padding));
        HttpResponse<String> answer = send(body, SandboxSignature.sign(SECRET, Instant.now().getEpochSecond(), body),
                null);

        assertThat(answer.statusCode()).isEqualTo(413);
        assertThat(status(dataSource, paymentId)).isEqualTo("PENDING");
    }

    @org.junit.jupiter.api.Test
    void oversizedHeadersAreRefusedWith431() throws Exception {
        byte[] body = bytes(bodyWith(paymentId, "x", null));
        HttpResponse<String> answer = send(body, SandboxSignature.sign(SECRET, Instant.now().getEpochSecond(), body),
                "y".repeat(20_000));

        assertThat(answer.statusCode()).isEqualTo(431);
        assertThat(status(dataSource, paymentId)).isEqualTo("PENDING");
    }

    private void assertRefused(HttpResponse<String> answer, int status, String code, byte[] body) {
        assertThat(answer.statusCode()).isEqualTo(status);
        assertThat(answer.body()).contains("\"code\":\"" + code + "\"");
        assertThat(status(dataSource, paymentId)).isEqualTo("PENDING");
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM outbox_events WHERE aggregate_id = ?", Long.class,
                paymentId)).isZero();
        byte[] recorded = jdbc.queryForObject("SELECT raw_body FROM channel_notifications WHERE outcome = 'REJECTED'"
                + " ORDER BY id DESC LIMIT 1", byte[].class);
        assertThat(recorded).as("the rejection is recorded with the bytes received").isEqualTo(body);
    }

    private HttpResponse<String> send(byte[] body, String signature, String bigHeader) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                        + "/callbacks/sandbox"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (signature != null) {
            request.header(SandboxSignature.HEADER, signature);
        }
        if (bigHeader != null) {
            request.header("X-Padding", bigHeader);
        }
        return CallbackTestSupport.HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
