package dev.tristate.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.tristate.simulator.kit.testing.MutableClock;
import dev.tristate.sandboxtest.NotifyReceiver;
import dev.tristate.sandboxtest.SandboxTestApplication;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.json.JsonMapper;

/**
 * The sandbox channel running in a minimal host on a random port, with {@link NotifyReceiver} as the notify URL.
 * All integration tests share this one context (same annotations, same properties), each with its own trades.
 */
@SpringBootTest(classes = SandboxTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
                "tristate.sandbox-channel.enabled=true",
                "tristate.sandbox-channel.public-base-url=https://pay.sandbox.example/",
                "tristate.sandbox-channel.query-hang-ms=" + SandboxChannelIntegrationBase.QUERY_HANG_MS,
                "tristate.sandbox-channel.retry.initial-delay-ms=20",
                "tristate.sandbox-channel.retry.multiplier=2",
                "tristate.sandbox-channel.retry.max-attempts=" + SandboxChannelIntegrationBase.MAX_ATTEMPTS,
                "tristate.sandbox-channel.http.request-timeout-ms=" + SandboxChannelIntegrationBase.REQUEST_TIMEOUT_MS
        })
abstract class SandboxChannelIntegrationBase {

    static final long QUERY_HANG_MS = 400;
    static final int MAX_ATTEMPTS = 5;
    static final long REQUEST_TIMEOUT_MS = 500;
    static final String MERCHANT = "m-sandbox-test";
    static final String SECRET = "whsec_test_secret_0123456789";
    static final Duration WAIT = Duration.ofSeconds(10);

    private static final AtomicInteger TRADES = new AtomicInteger();
    static final JsonMapper JSON = JsonMapper.builder().build();

    final NotifyReceiver receiver = NotifyReceiver.shared();
    final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @LocalServerPort
    int port;

    @Autowired
    SandboxMerchants merchants;

    @Autowired
    MutableClock clock;

    @DynamicPropertySource
    static void notifyUrl(DynamicPropertyRegistry registry) {
        registry.add("tristate.sandbox-channel.notify-url", () -> NotifyReceiver.shared().url().toString());
    }

    @BeforeEach
    void aRegisteredMerchantAndAKnownTime() {
        merchants.register(MERCHANT, List.of(SECRET));
        clock.set(MutableClock.DEFAULT_START);
    }

    static String newOutTradeNo() {
        return "pay_" + TRADES.incrementAndGet() + "_" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** Registers a fresh trade of {@link #MERCHANT} and returns its out_trade_no. */
    String registeredTrade(long amountMinor, String currency, String description) {
        String outTradeNo = newOutTradeNo();
        HttpResponse<String> created = post("/sandbox-channel/trades", registration(outTradeNo, MERCHANT,
                amountMinor, currency, description));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return outTradeNo;
    }

    String registeredTrade() {
        return registeredTrade(1999, "CNY", "Premium plan, 1 month");
    }

    static String registration(String outTradeNo, String merchantId, long amountMinor, String currency,
                               String description) {
        return json(Map.of("out_trade_no", outTradeNo, "merchant_id", merchantId, "amount_minor", amountMinor,
                "currency", currency, "description", description));
    }

    /** A fresh trade of {@link #MERCHANT} in CNY, paid. */
    String paidTrade(long amountMinor) {
        String outTradeNo = registeredTrade(amountMinor, "CNY", "Premium");
        event(outTradeNo, "SUCCESS");
        return outTradeNo;
    }

    HttpResponse<String> refund(String outTradeNo, String outRefundNo, long amountMinor) {
        return post("/sandbox-channel/trades/" + outTradeNo + "/refunds", json(Map.of("out_refund_no", outRefundNo,
                "amount_minor", amountMinor, "currency", "CNY", "reason", "customer asked")));
    }

    /** The refund_status of a 200 answer to a refund call. */
    static String refundStatus(HttpResponse<String> refundAnswer) {
        assertThat(refundAnswer.statusCode()).as(refundAnswer.body()).isEqualTo(200);
        return (String) parse(refundAnswer.body()).get("refund_status");
    }

    HttpResponse<String> event(String outTradeNo, String status) {
        HttpResponse<String> answer = post("/sandbox-channel/trades/" + outTradeNo + "/events",
                "{\"status\":\"" + status + "\"}");
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        return answer;
    }

    void behaviour(String outTradeNo, String switches) {
        HttpResponse<String> answer = put("/sandbox-channel/trades/" + outTradeNo + "/behaviour", switches);
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    }

    /** The channel's own account of the trade's notifications. */
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> notifications(String outTradeNo) {
        HttpResponse<String> answer = get("/sandbox-channel/trades/" + outTradeNo + "/notifications");
        assertThat(answer.statusCode()).isEqualTo(200);
        return JSON.readValue(answer.body(), List.class);
    }

    /** Waits until no notification of the trade is being sent any more. */
    List<Map<String, Object>> settledNotifications(String outTradeNo) {
        return await().atMost(WAIT).until(() -> notifications(outTradeNo),
                list -> list.stream().noneMatch(n -> "SENDING".equals(n.get("state"))));
    }

    List<NotifyReceiver.Received> awaitReceived(String outTradeNo, int count) {
        return await().atMost(WAIT).until(() -> receiver.forTrade(outTradeNo), list -> list.size() >= count);
    }

    /** Recomputes the signature independently of the channel's code and checks the header against it. */
    static void assertSignedWith(String secret, NotifyReceiver.Received received, long expectedSeconds) {
        assertThat(received.signature()).matches("t=\\d+,v1=[0-9a-f]{64}");
        String t = received.signature().substring(2, received.signature().indexOf(','));
        assertThat(Long.parseLong(t)).isEqualTo(expectedSeconds);
        String v1 = received.signature().substring(received.signature().indexOf("v1=") + 3);
        assertThat(v1).isEqualTo(hmacHex(secret, t, received.body()));
    }

    static String hmacHex(String secret, String t, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update(t.getBytes(StandardCharsets.US_ASCII));
            mac.update((byte) '.');
            return HexFormat.of().formatHex(mac.doFinal(body));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static String json(Object value) {
        return JSON.writeValueAsString(value);
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> parse(String body) {
        return JSON.readValue(body, Map.class);
    }

    URI uri(String path) {
        return URI.create("http://localhost:" + port + path);
    }

    /** A GET of {@link #MERCHANT}, signed. */
    HttpResponse<String> get(String path) {
        return send(signed("GET", path, null));
    }

    /** A POST of {@link #MERCHANT}, signed. */
    HttpResponse<String> post(String path, String jsonBody) {
        return send(signed("POST", path, jsonBody));
    }

    /** A PUT of {@link #MERCHANT}, signed. */
    HttpResponse<String> put(String path, String jsonBody) {
        return send(signed("PUT", path, jsonBody));
    }

    /** A request of {@link #MERCHANT} signed with its secret at the clock's time; {@code jsonBody} null for none. */
    HttpRequest.Builder signed(String method, String pathWithQuery, String jsonBody) {
        return signedAs(MERCHANT, SECRET, method, pathWithQuery, jsonBody);
    }

    HttpRequest.Builder signedAs(String merchant, String secret, String method, String pathWithQuery,
                                 String jsonBody) {
        long t = clock.instant().getEpochSecond();
        byte[] body = jsonBody == null ? new byte[0] : jsonBody.getBytes(StandardCharsets.UTF_8);
        return unsigned(method, pathWithQuery, jsonBody)
                .header("Sandbox-Merchant", merchant)
                .header("Sandbox-Signature", "t=" + t + ",v1=" + requestHmacHex(secret, t, method, pathWithQuery, body));
    }

    HttpRequest.Builder unsigned(String method, String pathWithQuery, String jsonBody) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(pathWithQuery));
        if (jsonBody == null) {
            return request.method(method, HttpRequest.BodyPublishers.noBody());
        }
        return request.header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(jsonBody));
    }

    /** The contract's request signature, computed independently of the channel's code. */
    static String requestHmacHex(String secret, long t, String method, String pathWithQuery, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update((t + "." + method + " " + pathWithQuery + "\n").getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(mac.doFinal(body));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Submits the pay page's form as a browser would, without any CSRF token; redirects are not followed. */
    HttpResponse<String> submitPayForm(String outTradeNo, String action) {
        return send(HttpRequest.newBuilder(uri("/sandbox-channel/pay/" + outTradeNo))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("action=" + URLEncoder.encode(action,
                        StandardCharsets.UTF_8))));
    }

    HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return http.send(request.timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
