package dev.tristate.adapter.out.channel.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.PayInstruction;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentTestData;
import dev.tristate.domain.payment.RefundAnswer;
import dev.tristate.domain.payment.ReturnUrl;
import dev.tristate.testing.SandboxRequests;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import org.assertj.core.api.AbstractThrowableAssert;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

@Timeout(30)
class SandboxChannelGatewayTest {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
    private static final Duration SHORT_READ_TIMEOUT = Duration.ofMillis(300);
    /** For servers that answer at once: generous, so a loaded machine does not turn an answer into a timeout. */
    private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(10);
    private static final SandboxMerchantSecrets SECRETS = merchant -> Optional.of("secret-of-" + merchant);
    private static final String PAY_URL = "http://127.0.0.1/sandbox-channel/pay/pay_test_0001";

    private final Payment payment = PaymentTestData.aPendingPayment()
            .withAmount(1999, "CNY").withDescription("会员月卡 monthly").build();
    private final ExecutorService serverThreads = Executors.newCachedThreadPool();
    private HttpServer server;
    private ServerSocket rawServer;

    @AfterEach
    void stopServers() throws IOException {
        if (server != null) {
            server.stop(0);
        }
        if (rawServer != null) {
            rawServer.close();
        }
        serverThreads.shutdownNow();
    }

    @Test
    void postsTheTradeAndReturnsThePayUrlOfA201() {
        AtomicReference<String> method = new AtomicReference<>();
        AtomicReference<String> path = new AtomicReference<>();
        AtomicReference<String> contentType = new AtomicReference<>();
        AtomicReference<byte[]> body = new AtomicReference<>();
        URI base = serve(exchange -> {
            method.set(exchange.getRequestMethod());
            path.set(exchange.getRequestURI().getPath());
            contentType.set(exchange.getRequestHeaders().getFirst("Content-Type"));
            body.set(exchange.getRequestBody().readAllBytes());
            respond(exchange, 201, "{\"out_trade_no\":\"pay_test_0001\",\"pay_url\":\"" + PAY_URL + "\"}");
        });

        PayInstruction registration = gateway(base, ANSWER_TIMEOUT).registerTrade(payment, "page", "m-100");

        assertThat(registration).isEqualTo(PayInstruction.redirect("page", PAY_URL));
        assertThat(method.get()).isEqualTo("POST");
        assertThat(path.get()).isEqualTo("/sandbox-channel/trades");
        assertThat(contentType.get()).isEqualTo("application/json");
        JsonNode sent = JsonMapper.builder().build().readTree(body.get());
        assertThat(sent.get("out_trade_no").stringValue()).isEqualTo("pay_test_0001");
        assertThat(sent.get("merchant_id").stringValue()).isEqualTo("m-100");
        assertThat(sent.get("amount_minor").isIntegralNumber()).isTrue();
        assertThat(sent.get("amount_minor").longValue()).isEqualTo(1999);
        assertThat(sent.get("currency").stringValue()).isEqualTo("CNY");
        assertThat(sent.get("description").stringValue()).isEqualTo("会员月卡 monthly");
        assertThat(sent.get("merchant_order_id").stringValue()).isEqualTo("order-0001");
        assertThat(sent.has("return_url")).as("no return address, no field").isFalse();
    }

    @Test
    void sendsThePaymentsReturnUrlWithTheTrade() {
        AtomicReference<byte[]> body = new AtomicReference<>();
        URI base = serve(exchange -> {
            body.set(exchange.getRequestBody().readAllBytes());
            respond(exchange, 201, "{\"out_trade_no\":\"pay_test_0001\",\"pay_url\":\"" + PAY_URL + "\"}");
        });

        gateway(base, ANSWER_TIMEOUT).registerTrade(
                payment.withReturnUrl(new ReturnUrl("https://shop.example/orders/1?x=y")), "page", "m-100");

        JsonNode sent = JsonMapper.builder().build().readTree(body.get());
        assertThat(sent.get("return_url").stringValue()).isEqualTo("https://shop.example/orders/1?x=y");
    }

    @Test
    void returnsThePayUrlOfA200ForATradeRegisteredAgain() {
        URI base = serve(exchange -> respond(exchange, 200,
                "{\"out_trade_no\":\"pay_test_0001\",\"pay_url\":\"" + PAY_URL + "\"}"));

        assertThat(gateway(base.resolve("/"), ANSWER_TIMEOUT).registerTrade(payment, "page", "m-100").payUrl())
                .isEqualTo(PAY_URL);
    }

    @Test
    void offersItsPayPageAndTheSamePageAsAQrCodeWithThePageFirst() {
        URI base = serve(exchange -> respond(exchange, 201,
                "{\"out_trade_no\":\"pay_test_0001\",\"pay_url\":\"" + PAY_URL + "\"}"));

        assertThat(gateway(base, ANSWER_TIMEOUT).payMethods()).containsExactly("page", "qr");
        assertThat(gateway(base, ANSWER_TIMEOUT).registerTrade(payment, "qr", "m-100"))
                .isEqualTo(new PayInstruction("qr", PAY_URL, PAY_URL, null, null));
    }

    @Test
    void aPayMethodTheSandboxDoesNotHaveIsRefusedBeforeAnythingIsSent() {
        AtomicReference<String> called = new AtomicReference<>();
        URI base = serve(exchange -> {
            called.set(exchange.getRequestURI().getPath());
            respond(exchange, 201, "{}");
        });

        assertFailure(() -> gateway(base, ANSWER_TIMEOUT).registerTrade(payment, "jsapi", "m-100"),
                OutcomeClass.DEFINITE);
        assertThat(called.get()).isNull();
    }

    @ParameterizedTest
    @ValueSource(ints = {400, 404, 409, 422})
    void readsA4xxAsADefiniteNo(int status) {
        URI base = serve(exchange -> respond(exchange, status, "{\"error\":\"trade conflicts\"}"));

        assertFailure(() -> gateway(base, ANSWER_TIMEOUT).registerTrade(payment, "page", "m-100"), OutcomeClass.DEFINITE)
                .hasMessageContaining(String.valueOf(status)).hasMessageContaining("trade conflicts");
    }

    @ParameterizedTest
    @ValueSource(ints = {500, 502, 503})
    void readsA5xxAsRetryable(int status) {
        URI base = serve(exchange -> respond(exchange, status, ""));

        assertFailure(() -> gateway(base, ANSWER_TIMEOUT).registerTrade(payment, "page", "m-100"), OutcomeClass.RETRYABLE)
                .hasMessageContaining(String.valueOf(status));
    }

    @Test
    void readsAServerThatAnswersTooLateAsUnknown() {
        URI base = serve(exchange -> {
            exchange.getRequestBody().readAllBytes();
            sleep(Duration.ofSeconds(5));
            respond(exchange, 201, "{\"out_trade_no\":\"pay_test_0001\",\"pay_url\":\"" + PAY_URL + "\"}");
        });

        long started = System.nanoTime();
        assertFailure(() -> gateway(base, SHORT_READ_TIMEOUT).registerTrade(payment, "page", "m-100"), OutcomeClass.UNKNOWN);
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(4));
    }

    @Test
    void readsAnAnswerWhoseBodyStallsAsUnknown() throws IOException {
        URI base = rawServe(socket -> {
            readRequestHead(socket.getInputStream());
            OutputStream out = socket.getOutputStream();
            out.write("HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{\"out"
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            sleep(Duration.ofSeconds(10));
        });

        long started = System.nanoTime();
        assertFailure(() -> gateway(base, SHORT_READ_TIMEOUT).registerTrade(payment, "page", "m-100"), OutcomeClass.UNKNOWN);
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(6));
    }

    @Test
    void readsAConnectionResetAfterTheRequestAsUnknown() throws IOException {
        URI base = rawServe(socket -> {
            readRequestHead(socket.getInputStream());
            socket.setSoLinger(true, 0);
            socket.close();
        });

        assertFailure(() -> gateway(base, Duration.ofSeconds(5)).registerTrade(payment, "page", "m-100"), OutcomeClass.UNKNOWN);
    }

    @Test
    void readsAClosedPortAsRetryable() throws IOException {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }

        assertFailure(() -> gateway(URI.create("http://127.0.0.1:" + port), ANSWER_TIMEOUT)
                .registerTrade(payment, "page", "m-100"), OutcomeClass.RETRYABLE);
    }

    @Test
    void readsAnUnknownHostAsRetryable() {
        assertFailure(() -> gateway(URI.create("http://sandbox.tristate.invalid"), ANSWER_TIMEOUT)
                .registerTrade(payment, "page", "m-100"), OutcomeClass.RETRYABLE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"not json", "{}", "{\"out_trade_no\":\"pay_test_0001\",\"pay_url\":\"\"}",
            "{\"out_trade_no\":\"pay_other\",\"pay_url\":\"http://x/pay\"}", "{\"pay_url\":\"http://x/pay\"}"})
    void readsASuccessWithoutAUsablePayUrlAsUnknown(String answer) {
        URI base = serve(exchange -> respond(exchange, 201, answer));

        assertFailure(() -> gateway(base, SHORT_READ_TIMEOUT).registerTrade(payment, "page", "m-100"), OutcomeClass.UNKNOWN);
    }

    @Test
    void refusesTimeoutsThatAreNotPositive() {
        URI base = URI.create("http://127.0.0.1:1");

        assertThatThrownBy(() -> new SandboxChannelGateway(base, Duration.ZERO, SHORT_READ_TIMEOUT, SECRETS))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SandboxChannelGateway(base, CONNECT_TIMEOUT, Duration.ofSeconds(-1), SECRETS))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void isTheSandboxChannelsGateway() {
        assertThat(gateway(URI.create("http://127.0.0.1:1"), SHORT_READ_TIMEOUT).channel()).isEqualTo("sandbox");
    }

    @Test
    void theStatusQueryReadsTheTradeOfA200() {
        AtomicReference<String> path = new AtomicReference<>();
        URI base = serve(exchange -> {
            path.set(exchange.getRequestURI().getPath());
            respond(exchange, 200, "{\"out_trade_no\":\"pay_q1\",\"trade_no\":\"SB1\",\"trade_status\":\"SUCCESS\","
                    + "\"amount_minor\":1999,\"currency\":\"CNY\",\"event_time\":\"2026-11-30T10:00:00Z\"}");
        });

        ChannelGateway.TradeQueryAnswer answer = gateway(base, ANSWER_TIMEOUT).queryTrade("pay_q1", "m-100");

        assertThat(path.get()).isEqualTo("/sandbox-channel/trades/pay_q1");
        assertThat(answer).isInstanceOfSatisfying(ChannelGateway.TradeQueryAnswer.Found.class, found -> {
            assertThat(found.report().status()).isEqualTo(ChannelTradeStatus.SUCCESS);
            assertThat(found.report().amount()).isEqualTo(Money.of(1999, "CNY"));
            assertThat(found.report().channelTxnId().value()).isEqualTo("SB1");
            assertThat(found.rawAnswer()).contains("\"SB1\"");
        });
    }

    @Test
    void aQueryAnswered404IsNotFound() {
        URI base = serve(exchange -> respond(exchange, 404, "{\"code\":\"NOT_FOUND\"}"));

        assertThat(gateway(base, ANSWER_TIMEOUT).queryTrade("pay_q1", "m-100"))
                .isInstanceOf(ChannelGateway.TradeQueryAnswer.NotFound.class);
    }

    @Test
    void aQueryThatTimesOutIsUnknownNeverNotFound() {
        URI base = serve(exchange -> {
            sleep(SHORT_READ_TIMEOUT.multipliedBy(5));
            respond(exchange, 404, "{}");
        });

        assertFailure(() -> gateway(base, SHORT_READ_TIMEOUT).queryTrade("pay_q1", "m-100"), OutcomeClass.UNKNOWN);
    }

    @Test
    void anUnreadableQueryAnswerIsUnknownAndA5xxIsRetryable() {
        URI garbled = serve(exchange -> respond(exchange, 200, "{\"out_trade_no\":\"pay_q1\",\"trade_status\":\"PAID\"}"));
        assertFailure(() -> gateway(garbled, ANSWER_TIMEOUT).queryTrade("pay_q1", "m-100"), OutcomeClass.UNKNOWN);
        server.stop(0);
        URI down = serve(exchange -> respond(exchange, 503, "busy"));
        assertFailure(() -> gateway(down, ANSWER_TIMEOUT).queryTrade("pay_q1", "m-100"), OutcomeClass.RETRYABLE);
    }

    private static final String REFUNDED = "{\"out_trade_no\":\"pay_r1\",\"out_refund_no\":\"rf_1\","
            + "\"refund_no\":\"SBR1\",\"refund_status\":\"SUCCESS\",\"amount_minor\":500,\"currency\":\"CNY\","
            + "\"event_time\":\"2026-11-30T10:00:00.000Z\"}";

    private static ChannelGateway.RefundRequest refundRequest() {
        return new ChannelGateway.RefundRequest("pay_r1", "rf_1", Money.of(500, "CNY"), "customer asked");
    }

    @Test
    void aRefundPostsTheRefundAndReadsASuccess() {
        AtomicReference<String> method = new AtomicReference<>();
        AtomicReference<String> path = new AtomicReference<>();
        AtomicReference<byte[]> body = new AtomicReference<>();
        URI base = serve(exchange -> {
            method.set(exchange.getRequestMethod());
            path.set(exchange.getRequestURI().getPath());
            body.set(exchange.getRequestBody().readAllBytes());
            respond(exchange, 200, REFUNDED);
        });

        RefundAnswer answer = gateway(base, ANSWER_TIMEOUT).refund(refundRequest(), "m-100");

        assertThat(method.get()).isEqualTo("POST");
        assertThat(path.get()).isEqualTo("/sandbox-channel/trades/pay_r1/refunds");
        JsonNode sent = JsonMapper.builder().build().readTree(body.get());
        assertThat(sent.get("out_refund_no").stringValue()).isEqualTo("rf_1");
        assertThat(sent.get("amount_minor").longValue()).isEqualTo(500);
        assertThat(sent.get("currency").stringValue()).isEqualTo("CNY");
        assertThat(sent.get("reason").stringValue()).isEqualTo("customer asked");
        assertThat(sent.get("merchant_id").stringValue()).isEqualTo("m-100");
        assertThat(answer).isEqualTo(new RefundAnswer.Succeeded("SBR1", Money.of(500, "CNY"),
                Instant.parse("2026-11-30T10:00:00Z"), REFUNDED));
    }

    @Test
    void aProcessingRefundIsProcessingAndAFailedOneIsRefusedWithTheChannelsReason() {
        URI processing = serve(exchange -> respond(exchange, 200, REFUNDED.replace("SUCCESS", "PROCESSING")));
        assertThat(gateway(processing, ANSWER_TIMEOUT).refund(refundRequest(), "m-100"))
                .isInstanceOf(RefundAnswer.Processing.class);
        server.stop(0);
        String failed = REFUNDED.replace("\"SUCCESS\"", "\"FAILED\",\"fail_reason\":\"REFUND_AMOUNT_EXCEEDED: no\"");
        URI refused = serve(exchange -> respond(exchange, 200, failed));

        assertThat(gateway(refused, ANSWER_TIMEOUT).refund(refundRequest(), "m-100"))
                .isEqualTo(new RefundAnswer.Refused("REFUND_AMOUNT_EXCEEDED: no", failed));
    }

    @Test
    void aRefundQueryGetsTheRefundAndReadsEachStatus() {
        AtomicReference<String> target = new AtomicReference<>();
        AtomicReference<String> answer = new AtomicReference<>(REFUNDED);
        URI base = serve(exchange -> {
            target.set(exchange.getRequestMethod() + " " + exchange.getRequestURI());
            respond(exchange, 200, answer.get());
        });
        SandboxChannelGateway gateway = gateway(base, ANSWER_TIMEOUT);

        assertThat(gateway.queryRefund("pay_r1", "rf_1", "m 100"))
                .isInstanceOf(RefundAnswer.Succeeded.class);
        assertThat(target.get()).as("the signed Sandbox-Merchant says whose refund it is")
                .isEqualTo("GET /sandbox-channel/trades/pay_r1/refunds/rf_1");
        answer.set(REFUNDED.replace("SUCCESS", "PROCESSING"));
        assertThat(gateway.queryRefund("pay_r1", "rf_1", "m-100"))
                .isInstanceOf(RefundAnswer.Processing.class);
        answer.set(REFUNDED.replace("SUCCESS", "FAILED"));
        assertThat(gateway.queryRefund("pay_r1", "rf_1", "m-100"))
                .isInstanceOfSatisfying(RefundAnswer.Refused.class,
                        refused -> assertThat(refused.reason()).isNotBlank());
    }

    @Test
    void aRefundQueryAnswered404InTheSandboxsWordsIsNotFoundAnyOther404IsUnknown() {
        URI sandbox = serve(exchange -> respond(exchange, 404, "{\"code\":\"NOT_FOUND\",\"message\":\"never\"}"));
        assertThat(gateway(sandbox, ANSWER_TIMEOUT).queryRefund("pay_r1", "rf_1", "m-100"))
                .isInstanceOf(RefundAnswer.NotFound.class);
        server.stop(0);
        URI somethingElse = serve(exchange -> respond(exchange, 404, "<html>no such page</html>"));

        assertFailure(() -> gateway(somethingElse, ANSWER_TIMEOUT).queryRefund("pay_r1", "rf_1", "m-100"),
                OutcomeClass.UNKNOWN);
    }

    @ParameterizedTest
    @ValueSource(ints = {400, 404, 409, 422})
    void aRefundRequestRefusedWithA4xxIsADefiniteNoNeverARefusedRefund(int status) {
        URI base = serve(exchange -> respond(exchange, status, "{\"code\":\""
                + (status == 404 ? "NOT_FOUND" : "CONFLICT") + "\",\"message\":\"other refund\"}"));

        assertFailure(() -> gateway(base, ANSWER_TIMEOUT).refund(refundRequest(), "m-100"), OutcomeClass.DEFINITE)
                .hasMessageContaining(String.valueOf(status)).hasMessageContaining("other refund");
    }

    @ParameterizedTest
    @ValueSource(ints = {500, 502, 503})
    void aRefundOrRefundQueryAnswered5xxIsUnknownBecauseTheSandboxMayHaveRefunded(int status) {
        URI base = serve(exchange -> respond(exchange, status, "busy"));

        assertFailure(() -> gateway(base, ANSWER_TIMEOUT).refund(refundRequest(), "m-100"), OutcomeClass.UNKNOWN);
        assertFailure(() -> gateway(base, ANSWER_TIMEOUT).queryRefund("pay_r1", "rf_1", "m-100"),
                OutcomeClass.UNKNOWN);
    }

    @Test
    void aRefundThatTimesOutIsUnknownNeverRefused() {
        URI base = serve(exchange -> {
            exchange.getRequestBody().readAllBytes();
            sleep(SHORT_READ_TIMEOUT.multipliedBy(5));
            respond(exchange, 200, REFUNDED.replace("\"SUCCESS\"", "\"FAILED\""));
        });

        long started = System.nanoTime();
        assertFailure(() -> gateway(base, SHORT_READ_TIMEOUT).refund(refundRequest(), "m-100"), OutcomeClass.UNKNOWN)
                .hasMessageContaining("rf_1");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(4));
    }

    @Test
    void aRefundQueryThatTimesOutIsUnknownNeverNotFound() {
        URI base = serve(exchange -> {
            sleep(SHORT_READ_TIMEOUT.multipliedBy(5));
            respond(exchange, 404, "{\"code\":\"NOT_FOUND\"}");
        });

        assertFailure(() -> gateway(base, SHORT_READ_TIMEOUT).queryRefund("pay_r1", "rf_1", "m-100"),
                OutcomeClass.UNKNOWN);
    }

    @Test
    void aRefundWhoseAnswerIsResetIsUnknownAndOneThatNeverReachedTheSandboxIsRetryable() throws IOException {
        URI base = rawServe(socket -> {
            readRequestHead(socket.getInputStream());
            socket.setSoLinger(true, 0);
            socket.close();
        });
        assertFailure(() -> gateway(base, Duration.ofSeconds(5)).refund(refundRequest(), "m-100"),
                OutcomeClass.UNKNOWN);

        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        assertFailure(() -> gateway(URI.create("http://127.0.0.1:" + port), ANSWER_TIMEOUT)
                .refund(refundRequest(), "m-100"), OutcomeClass.RETRYABLE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"not json", "{}",
            "{\"out_trade_no\":\"pay_r1\",\"out_refund_no\":\"rf_other\",\"refund_status\":\"SUCCESS\"}",
            "{\"out_trade_no\":\"pay_other\",\"out_refund_no\":\"rf_1\",\"refund_status\":\"FAILED\"}",
            "{\"out_trade_no\":\"pay_r1\",\"out_refund_no\":\"rf_1\",\"refund_status\":\"DONE\"}",
            "{\"out_trade_no\":\"pay_r1\",\"out_refund_no\":\"rf_1\",\"refund_status\":\"SUCCESS\"}",
            "{\"out_trade_no\":\"pay_r1\",\"out_refund_no\":\"rf_1\",\"refund_status\":\"SUCCESS\","
                    + "\"refund_no\":\"SBR1\",\"amount_minor\":\"500\",\"currency\":\"CNY\","
                    + "\"event_time\":\"2026-11-30T10:00:00Z\"}",
            "{\"out_trade_no\":\"pay_r1\",\"out_refund_no\":\"rf_1\",\"refund_status\":\"SUCCESS\","
                    + "\"refund_no\":\"SBR1\",\"amount_minor\":500,\"currency\":\"CNY\",\"event_time\":\"today\"}"})
    void anUnreadableRefundAnswerIsUnknown(String answer) {
        URI base = serve(exchange -> respond(exchange, 200, answer));

        assertFailure(() -> gateway(base, ANSWER_TIMEOUT).refund(refundRequest(), "m-100"), OutcomeClass.UNKNOWN);
        assertFailure(() -> gateway(base, ANSWER_TIMEOUT).queryRefund("pay_r1", "rf_1", "m-100"),
                OutcomeClass.UNKNOWN);
    }

    private static AbstractThrowableAssert<?, ? extends Throwable> assertFailure(ThrowingCallable call,
                                                                                 OutcomeClass expected) {
        return assertThatThrownBy(call)
                .isInstanceOfSatisfying(ChannelFailure.class,
                        failure -> assertThat(failure.outcomeClass()).isEqualTo(expected));
    }

    private static SandboxChannelGateway gateway(URI base, Duration readTimeout) {
        return new SandboxChannelGateway(base, CONNECT_TIMEOUT, readTimeout, SECRETS);
    }

    @Test
    void everyRequestIsTheMerchantsSignedWithItsNewestSecretOverMethodPathAndBody() {
        List<String> seen = new CopyOnWriteArrayList<>();
        URI base = serve(exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            String merchant = exchange.getRequestHeaders().getFirst("Sandbox-Merchant");
            String signature = exchange.getRequestHeaders().getFirst("Sandbox-Signature");
            long t = Long.parseLong(signature.substring(2, signature.indexOf(',')));
            String pathWithQuery = exchange.getRequestURI().getRawPath()
                    + (exchange.getRequestURI().getRawQuery() == null ? "" : "?" + exchange.getRequestURI().getRawQuery());
            String expected = SandboxRequests.v1("secret-of-" + merchant, t, exchange.getRequestMethod(),
                    pathWithQuery, body);
            seen.add(merchant + " " + exchange.getRequestMethod() + " " + pathWithQuery + " "
                    + signature.equals("t=" + t + ",v1=" + expected)
                    + " " + (Math.abs(t - Instant.now().getEpochSecond()) <= 5));
            respond(exchange, 500, "{}");
        });
        SandboxChannelGateway gateway = gateway(base, ANSWER_TIMEOUT);

        assertThatThrownBy(() -> gateway.registerTrade(payment, "page", "m-100")).isInstanceOf(ChannelFailure.class);
        assertThatThrownBy(() -> gateway.queryTrade("pay_q1", "m-100")).isInstanceOf(ChannelFailure.class);
        assertThatThrownBy(() -> gateway.refund(refundRequest(), "m-100")).isInstanceOf(ChannelFailure.class);
        assertThatThrownBy(() -> gateway.queryRefund("pay_r1", "rf 1", "m-100")).isInstanceOf(ChannelFailure.class);

        assertThat(seen).containsExactly(
                "m-100 POST /sandbox-channel/trades true true",
                "m-100 GET /sandbox-channel/trades/pay_q1 true true",
                "m-100 POST /sandbox-channel/trades/pay_r1/refunds true true",
                "m-100 GET /sandbox-channel/trades/pay_r1/refunds/rf+1 true true");
    }

    @Test
    void aStoredAccountNoHeaderCanCarryIsADefiniteFailureNotSent() {
        List<String> seen = new CopyOnWriteArrayList<>();
        URI base = serve(exchange -> {
            seen.add(exchange.getRequestURI().toString());
            respond(exchange, 200, "{}");
        });

        assertFailure(() -> gateway(base, ANSWER_TIMEOUT).registerTrade(payment, "page", "m-1\r\nX-Injected: 1"),
                OutcomeClass.DEFINITE);
        assertThat(seen).isEmpty();
    }

    @Test
    void withoutAValidSecretNothingIsSentAndTheFailureIsDefinite() {
        List<String> seen = new CopyOnWriteArrayList<>();
        URI base = serve(exchange -> {
            seen.add(exchange.getRequestURI().toString());
            respond(exchange, 200, "{}");
        });
        SandboxChannelGateway gateway = new SandboxChannelGateway(base, CONNECT_TIMEOUT, ANSWER_TIMEOUT,
                merchant -> Optional.empty());

        assertFailure(() -> gateway.registerTrade(payment, "page", "m-100"), OutcomeClass.DEFINITE);
        assertFailure(() -> gateway.refund(refundRequest(), "m-100"), OutcomeClass.DEFINITE);
        assertThat(seen).isEmpty();
    }

    private URI serve(HttpHandler handler) {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.createContext("/sandbox-channel/trades", handler);
        server.setExecutor(serverThreads);
        server.start();
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    private URI rawServe(SocketHandler handler) throws IOException {
        rawServer = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        serverThreads.submit(() -> {
            try (Socket socket = rawServer.accept()) {
                handler.handle(socket);
            } catch (IOException e) {
                // the test ended the server
            }
        });
        return URI.create("http://127.0.0.1:" + rawServer.getLocalPort());
    }

    interface SocketHandler {
        void handle(Socket socket) throws IOException;
    }

    /** Reads the request line and headers and the body, whose length the JDK client always declares. */
    private static void readRequestHead(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                return;
            }
            head.append((char) b);
        }
        for (String line : head.toString().split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                in.readNBytes(Integer.parseInt(line.substring(15).trim()));
            }
        }
    }

    private static void respond(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
        exchange.close();
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
