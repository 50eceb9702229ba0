package dev.tristate.adapter.out.channel.alipay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alipay.api.internal.util.AlipaySignature;
import com.sun.net.httpserver.HttpServer;
import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway.TradeQueryAnswer;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.ChannelTradeStatus;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Alipay's trade query through the official SDK against a local stub of Alipay's gateway, which checks that the
 * request is signed by the app and signs its answers with "Alipay's" key, as the real gateway does.
 */
@Timeout(30)
class AlipayChannelGatewayTest {

    private static final String APP_ID = "2021000000000001";
    private static KeyPair app;
    private static KeyPair alipay;
    private HttpServer server;
    private final AtomicInteger requests = new AtomicInteger();

    @BeforeAll
    static void keys() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        app = generator.generateKeyPair();
        alipay = generator.generateKeyPair();
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    private static String base64(byte[] key) {
        return Base64.getEncoder().encodeToString(key);
    }

    /** Serves one JSON answer node as {@code alipay_trade_query_response}, signed; remembers the request. */
    private String serve(String responseNode, long delayMs, AtomicReference<String> request) throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/gateway.do", exchange -> {
            String query = exchange.getRequestURI().getRawQuery();
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            requests.incrementAndGet();
            request.set(URLDecoder.decode((query == null ? "" : query) + "&" + body, StandardCharsets.UTF_8));
            rawRequest.set((query == null ? "" : query) + "&" + body);
            try {
                Thread.sleep(delayMs);
                String sign = AlipaySignature.rsa256Sign(responseNode, base64(alipay.getPrivate().getEncoded()),
                        "UTF-8");
                byte[] answer = ("{\"alipay_trade_query_response\":" + responseNode + ",\"sign\":\"" + sign + "\"}")
                        .getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "application/json;charset=utf-8");
                exchange.sendResponseHeaders(200, answer.length);
                exchange.getResponseBody().write(answer);
            } catch (Exception e) {
                exchange.sendResponseHeaders(500, -1);
            } finally {
                exchange.close();
            }
        });
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/gateway.do";
    }

    private final AtomicReference<String> rawRequest = new AtomicReference<>();

    /** The request's parameters, each decoded on its own. */
    private Map<String, String> requestParameters() {
        Map<String, String> params = new HashMap<>();
        for (String pair : rawRequest.get().split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                params.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                        URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return params;
    }

    private static AlipayAppKeys keys(KeyPair appKey, KeyPair... alipayKeys) {
        List<String> publicKeys = Arrays.stream(alipayKeys).map(k -> base64(k.getPublic().getEncoded())).toList();
        return appId -> APP_ID.equals(appId)
                ? new AlipayAppKeys.Keys(List.of(base64(appKey.getPrivate().getEncoded())), publicKeys)
                : AlipayAppKeys.Keys.NONE;
    }

    private static AlipayChannelGateway gateway(String url, Duration readTimeout) {
        return gateway(url, readTimeout, keys(app, alipay));
    }

    private static AlipayChannelGateway gateway(String url, Duration readTimeout, AlipayAppKeys keys) {
        return new AlipayChannelGateway(url, keys, Duration.ofSeconds(2), readTimeout, Clock.systemUTC());
    }

    @Test
    void aPaidTradeIsReadFromTheSignedAnswer() throws Exception {
        AtomicReference<String> request = new AtomicReference<>();
        String url = serve("{\"code\":\"10000\",\"msg\":\"Success\",\"out_trade_no\":\"pay_a1\",\"trade_no\":"
                + "\"2026113022001\",\"trade_status\":\"TRADE_SUCCESS\",\"total_amount\":\"19.99\","
                + "\"send_pay_date\":\"2026-11-30 18:00:00\"}", 0, request);

        TradeQueryAnswer answer = gateway(url, Duration.ofSeconds(5)).queryTrade("pay_a1", "2021000000000001");

        assertThat(request.get()).contains("method=alipay.trade.query").contains("app_id=2021000000000001")
                .contains("\"out_trade_no\":\"pay_a1\"").contains("sign=");
        assertThat(answer).isInstanceOfSatisfying(TradeQueryAnswer.Found.class, found -> {
            assertThat(found.report().status()).isEqualTo(ChannelTradeStatus.SUCCESS);
            assertThat(found.report().amount()).isEqualTo(Money.of(1999, "CNY"));
            assertThat(found.report().channelTxnId().value()).isEqualTo("2026113022001");
        });
    }

    @Test
    void aTradeAlipayDoesNotHaveIsNotFound() throws Exception {
        String url = serve("{\"code\":\"40004\",\"msg\":\"Business Failed\",\"sub_code\":\"ACQ.TRADE_NOT_EXIST\","
                + "\"sub_msg\":\"trade does not exist\"}", 0, new AtomicReference<>());

        assertThat(gateway(url, Duration.ofSeconds(5)).queryTrade("pay_a2", "2021000000000001"))
                .isInstanceOf(TradeQueryAnswer.NotFound.class);
    }

    @Test
    void aQueryThatTimesOutIsUnknownNeverNotFound() throws Exception {
        String url = serve("{\"code\":\"40004\",\"sub_code\":\"ACQ.TRADE_NOT_EXIST\"}", 2_000,
                new AtomicReference<>());

        assertThatThrownBy(() -> gateway(url, Duration.ofMillis(300)).queryTrade("pay_a3", "2021000000000001"))
                .isInstanceOfSatisfying(ChannelFailure.class,
                        f -> assertThat(f.outcomeClass()).isEqualTo(OutcomeClass.UNKNOWN));
    }

    @Test
    void anAnswerSignedByAnotherKeyIsUnknown() throws Exception {
        KeyPair impostor = KeyPairGenerator.getInstance("RSA").generateKeyPair();
        String url = serve("{\"code\":\"10000\",\"msg\":\"Success\",\"out_trade_no\":\"pay_a4\",\"trade_no\":\"T4\","
                + "\"trade_status\":\"TRADE_CLOSED\",\"total_amount\":\"19.99\"}", 0, new AtomicReference<>());
        AlipayChannelGateway trustingTheImpostor = gateway(url, Duration.ofSeconds(5), keys(app, impostor));

        assertThatThrownBy(() -> trustingTheImpostor.queryTrade("pay_a4", "2021000000000001"))
                .isInstanceOfSatisfying(ChannelFailure.class,
                        f -> assertThat(f.outcomeClass()).isEqualTo(OutcomeClass.UNKNOWN));
    }

    @Test
    void aTradeAlipayIsStillWaitingOnIsProcessingNotPaid() throws Exception {
        String url = serve("{\"code\":\"10000\",\"msg\":\"Success\",\"out_trade_no\":\"pay_a5\",\"trade_no\":\"T5\","
                + "\"trade_status\":\"WAIT_BUYER_PAY\",\"total_amount\":\"19.99\"}", 0, new AtomicReference<>());

        assertThat(gateway(url, Duration.ofSeconds(5)).queryTrade("pay_a5", "2021000000000001"))
                .isInstanceOfSatisfying(TradeQueryAnswer.Found.class,
                        f -> assertThat(f.report().status()).isEqualTo(ChannelTradeStatus.PROCESSING));
    }

    @Test
    void theKeysAreReadAtEachCallSoARotatedAppKeyIsUsedAtTheNextQuery() throws Exception {
        KeyPair rotated = KeyPairGenerator.getInstance("RSA").generateKeyPair();
        AtomicReference<AlipayAppKeys> current = new AtomicReference<>(keys(app, alipay));
        String url = serve("{\"code\":\"10000\",\"msg\":\"Success\",\"out_trade_no\":\"pay_a6\",\"trade_no\":\"T6\","
                + "\"trade_status\":\"TRADE_SUCCESS\",\"total_amount\":\"1.00\"}", 0, new AtomicReference<>());
        AlipayChannelGateway gateway = gateway(url, Duration.ofSeconds(5), appId -> current.get().of(appId));

        gateway.queryTrade("pay_a6", APP_ID);
        assertThat(signedBy(app)).isTrue();
        current.set(keys(rotated, alipay));
        gateway.queryTrade("pay_a6", APP_ID);

        assertThat(signedBy(rotated)).isTrue();
        assertThat(signedBy(app)).isFalse();
    }

    private boolean signedBy(KeyPair appKey) throws Exception {
        return AlipaySignature.rsaCheckV2(requestParameters(), base64(appKey.getPublic().getEncoded()), "UTF-8",
                "RSA2");
    }

    @Test
    void anAppWithoutAValidKeyIsDefiniteAndNothingIsSent() throws Exception {
        String url = serve("{\"code\":\"10000\",\"msg\":\"Success\",\"out_trade_no\":\"pay_a7\",\"trade_no\":\"T7\","
                + "\"trade_status\":\"TRADE_SUCCESS\",\"total_amount\":\"1.00\"}", 0, new AtomicReference<>());
        AlipayChannelGateway revoked = gateway(url, Duration.ofSeconds(5), appId -> AlipayAppKeys.Keys.NONE);

        assertThatThrownBy(() -> revoked.queryTrade("pay_a7", APP_ID))
                .isInstanceOfSatisfying(ChannelFailure.class, f -> {
                    assertThat(f.outcomeClass()).isEqualTo(OutcomeClass.DEFINITE);
                    assertThat(f.getMessage()).contains("no valid Alipay app private key for app " + APP_ID);
                });
        assertThat(requests.get()).isZero();
    }

    @Test
    void duringARotationAnAnswerSignedWithTheOlderAlipayKeyVerifies() throws Exception {
        KeyPair newer = KeyPairGenerator.getInstance("RSA").generateKeyPair();
        String url = serve("{\"code\":\"10000\",\"msg\":\"Success\",\"out_trade_no\":\"pay_a8\",\"trade_no\":\"T8\","
                + "\"trade_status\":\"TRADE_SUCCESS\",\"total_amount\":\"1.00\"}", 0, new AtomicReference<>());

        assertThat(gateway(url, Duration.ofSeconds(5), keys(app, newer, alipay)).queryTrade("pay_a8", APP_ID))
                .isInstanceOfSatisfying(TradeQueryAnswer.Found.class,
                        f -> assertThat(f.report().status()).isEqualTo(ChannelTradeStatus.SUCCESS));
    }

    @Test
    void anAnswerSignedWithNoneOfTheValidAlipayKeysIsUnknown() throws Exception {
        KeyPair one = KeyPairGenerator.getInstance("RSA").generateKeyPair();
        KeyPair other = KeyPairGenerator.getInstance("RSA").generateKeyPair();
        String url = serve("{\"code\":\"10000\",\"msg\":\"Success\",\"out_trade_no\":\"pay_a9\",\"trade_no\":\"T9\","
                + "\"trade_status\":\"TRADE_SUCCESS\",\"total_amount\":\"1.00\"}", 0, new AtomicReference<>());

        AlipayChannelGateway gateway = gateway(url, Duration.ofSeconds(5), keys(app, one, other));

        assertThatThrownBy(() -> gateway.queryTrade("pay_a9", APP_ID))
                .isInstanceOfSatisfying(ChannelFailure.class,
                        f -> assertThat(f.outcomeClass()).isEqualTo(OutcomeClass.UNKNOWN));
        assertThat(requests.get()).isEqualTo(2);
    }
}
