package dev.tristate.adapter.out.channel.sandbox;

import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.ChannelReport;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.ChannelTxnId;
import dev.tristate.domain.payment.Payment;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.UnresolvedAddressException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Registers trades with the sandbox channel ({@code POST {baseUrl}/sandbox-channel/trades}), queries them, fetches
 * statements, and refunds (see {@link #refund} for how refund answers map). Every failure is a
 * {@link ChannelFailure} that says whether the sandbox may have acted: not reached (connection refused, unknown
 * host, connect timeout) and 5xx are RETRYABLE, 4xx is DEFINITE, and anything after the request may have left
 * (read timeout, reset, an unreadable success) is UNKNOWN, never "no".
 */
public final class SandboxChannelGateway implements ChannelGateway {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int EXCERPT_LENGTH = 200;

    private final Supplier<URI> baseUrl;
    private final Duration connectTimeout;
    private final Duration readTimeout;
    private final HttpClient client;

    public SandboxChannelGateway(URI baseUrl, Duration connectTimeout, Duration readTimeout) {
        this(constant(baseUrl), connectTimeout, readTimeout);
    }

    /**
     * With the base URL read at each call: when the sandbox runs in this very process on a port chosen at start-up
     * (server.port=0), the port is known only once the web server is up, after this gateway was created.
     */
    public SandboxChannelGateway(Supplier<URI> baseUrl, Duration connectTimeout, Duration readTimeout) {
        this.baseUrl = Objects.requireNonNull(baseUrl, "base URL");
        this.connectTimeout = requirePositive(connectTimeout, "connect timeout");
        this.readTimeout = requirePositive(readTimeout, "read timeout");
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(connectTimeout)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    private static Supplier<URI> constant(URI baseUrl) {
        Objects.requireNonNull(baseUrl, "base URL");
        return () -> baseUrl;
    }

    private URI tradesUri() {
        return uri("/sandbox-channel/trades");
    }

    /** {@code pathAndQuery} (already encoded) under the base URL, which may or may not end with a slash. */
    private URI uri(String pathAndQuery) {
        String base = baseUrl.get().toString();
        return URI.create((base.endsWith("/") ? base.substring(0, base.length() - 1) : base) + pathAndQuery);
    }

    private static String segment(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    @Override
    public String channel() {
        return SandboxNotificationFormat.CHANNEL;
    }

    @Override
    public TradeRegistration registerTrade(Payment payment, String merchantAccount) {
        Objects.requireNonNull(payment, "payment");
        Objects.requireNonNull(merchantAccount, "merchant account");
        String outTradeNo = payment.id().value();
        HttpRequest request = HttpRequest.newBuilder(tradesUri())
                .timeout(readTimeout)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(requestBody(payment, merchantAccount)))
                .build();
        HttpResponse<byte[]> response = exchange(request, "registering trade " + outTradeNo);
        int status = response.statusCode();
        if (status == 200 || status == 201) {
            return registration(response.body(), outTradeNo);
        }
        String answer = "the sandbox answered HTTP " + status + " to registering trade " + outTradeNo
                + excerpt(response.body());
        if (status >= 400 && status < 500) {
            throw new ChannelFailure(OutcomeClass.DEFINITE, answer, null);
        }
        if (status >= 500) {
            throw new ChannelFailure(OutcomeClass.RETRYABLE, answer, null);
        }
        throw new ChannelFailure(OutcomeClass.UNKNOWN, answer, null);
    }

    /**
     * The contract's status query: {@code GET {baseUrl}/sandbox-channel/trades/{out_trade_no}}. 200 is the trade's
     * state, 404 "never saw it act"; anything unreadable after the request left is UNKNOWN, never "not found".
     */
    @Override
    public TradeQueryAnswer queryTrade(String outTradeNo, String merchantAccount) {
        Objects.requireNonNull(outTradeNo, "out_trade_no");
        HttpRequest request = HttpRequest.newBuilder(uri("/sandbox-channel/trades/" + segment(outTradeNo)))
                .timeout(readTimeout)
                .header("Accept", "application/json")
                .GET()
                .build();
        HttpResponse<byte[]> response = exchange(request, "the query of trade " + outTradeNo);
        int status = response.statusCode();
        String raw = raw(response.body());
        if (status == 404) {
            return new TradeQueryAnswer.NotFound(raw);
        }
        if (status == 200) {
            return new TradeQueryAnswer.Found(queryReport(response.body(), outTradeNo), raw);
        }
        String answer = "the sandbox answered HTTP " + status + " to the query of trade " + outTradeNo
                + excerpt(response.body());
        throw new ChannelFailure(status >= 500 ? OutcomeClass.RETRYABLE
                : status >= 400 ? OutcomeClass.DEFINITE : OutcomeClass.UNKNOWN, answer, null);
    }

    /**
     * The contract's statement: {@code GET {baseUrl}/sandbox-channel/statements/{yyyy-MM-dd}?merchant_id=...}, the
     * CSV bytes as the sandbox wrote them (the caller reads them). 404 or another 4xx is DEFINITE, 5xx RETRYABLE, a
     * lost answer UNKNOWN.
     */
    @Override
    public byte[] fetchStatement(LocalDate day, String merchantAccount) {
        Objects.requireNonNull(day, "day");
        Objects.requireNonNull(merchantAccount, "merchant account");
        URI uri = uri("/sandbox-channel/statements/" + day + "?merchant_id=" + segment(merchantAccount));
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(readTimeout).header("Accept", "text/csv").GET()
                .build();
        HttpResponse<byte[]> response = exchange(request, "the statement of " + day);
        int status = response.statusCode();
        if (status == 200) {
            return response.body() == null ? new byte[0] : response.body();
        }
        String answer = "the sandbox answered HTTP " + status + " to the statement of " + day
                + excerpt(response.body());
        throw new ChannelFailure(status >= 500 ? OutcomeClass.RETRYABLE
                : status >= 400 ? OutcomeClass.DEFINITE : OutcomeClass.UNKNOWN, answer, null);
    }

    /**
     * A refund: {@code POST {baseUrl}/sandbox-channel/trades/{out_trade_no}/refunds}. The refund's status maps to the
     * answer (SUCCESS: Succeeded, PROCESSING: Processing, FAILED: Refused with the channel's fail_reason). A 4xx is
     * the sandbox refusing the request itself (malformed, unknown trade, another refund under this out_refund_no):
     * DEFINITE, since it did nothing for this call; not Refused, because after a 409 a refund under this out_refund_no
     * may well exist. Not reached is RETRYABLE; a lost answer, a 5xx or an unreadable answer is UNKNOWN: the sandbox
     * may have refunded.
     */
    @Override
    public RefundAnswer refund(RefundRequest refund, String merchantAccount) {
        Objects.requireNonNull(refund, "refund");
        Objects.requireNonNull(merchantAccount, "merchant account");
        String what = "refund " + refund.outRefundNo() + " of trade " + refund.outTradeNo();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("out_refund_no", refund.outRefundNo());
        body.put("amount_minor", refund.amount().minor());
        body.put("currency", refund.amount().currencyCode());
        body.put("reason", refund.reason() == null ? "" : refund.reason());
        body.put("merchant_id", merchantAccount);
        HttpRequest request = HttpRequest.newBuilder(refundsUri(refund.outTradeNo(), ""))
                .timeout(readTimeout)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body)))
                .build();
        HttpResponse<byte[]> response = exchange(request, what);
        int status = response.statusCode();
        if (status == 200 || status == 201) {
            return refundAnswer(response.body(), refund.outTradeNo(), refund.outRefundNo(), what);
        }
        throw refundFailure(status, response.body(), what);
    }

    /**
     * A refund's query: {@code GET {baseUrl}/sandbox-channel/trades/{out_trade_no}/refunds/{out_refund_no}}. 404 with
     * the sandbox's own {@code NOT_FOUND} answer is NotFound; a 404 in any other words (a wrong base URL, a proxy) is
     * UNKNOWN, since it does not say the sandbox never saw the refund. Otherwise as {@link #refund}.
     */
    @Override
    public RefundAnswer queryRefund(String outTradeNo, String outRefundNo, String merchantAccount) {
        Objects.requireNonNull(outTradeNo, "out_trade_no");
        Objects.requireNonNull(outRefundNo, "out_refund_no");
        Objects.requireNonNull(merchantAccount, "merchant account");
        String what = "the query of refund " + outRefundNo + " of trade " + outTradeNo;
        HttpRequest request = HttpRequest.newBuilder(refundsUri(outTradeNo, "/" + segment(outRefundNo)
                        + "?merchant_id=" + segment(merchantAccount)))
                .timeout(readTimeout)
                .header("Accept", "application/json")
                .GET()
                .build();
        HttpResponse<byte[]> response = exchange(request, what);
        int status = response.statusCode();
        if (status == 200) {
            return refundAnswer(response.body(), outTradeNo, outRefundNo, what);
        }
        if (status == 404 && "NOT_FOUND".equals(code(response.body()))) {
            return new RefundAnswer.NotFound(raw(response.body()));
        }
        throw refundFailure(status, response.body(), what);
    }

    private URI refundsUri(String outTradeNo, String rest) {
        return uri("/sandbox-channel/trades/" + segment(outTradeNo) + "/refunds" + rest);
    }

    /**
     * A 4xx is the sandbox refusing the request: DEFINITE. A 404 counts only in the sandbox's own words (else it may
     * come from anything between us). Anything else, 5xx included: UNKNOWN.
     */
    private static ChannelFailure refundFailure(int status, byte[] body, String what) {
        String answer = "the sandbox answered HTTP " + status + " to " + what + excerpt(body);
        boolean refusedRequest = status >= 400 && status < 500 && (status != 404 || "NOT_FOUND".equals(code(body)));
        return new ChannelFailure(refusedRequest ? OutcomeClass.DEFINITE : OutcomeClass.UNKNOWN, answer, null);
    }

    private static RefundAnswer refundAnswer(byte[] body, String outTradeNo, String outRefundNo, String what) {
        String raw = raw(body);
        try {
            JsonNode answer = JSON.readTree(body);
            if (!outTradeNo.equals(text(answer, "out_trade_no"))
                    || !outRefundNo.equals(text(answer, "out_refund_no"))) {
                throw new IllegalArgumentException("the answer is about refund " + text(answer, "out_refund_no")
                        + " of trade " + text(answer, "out_trade_no"));
            }
            String refundStatus = String.valueOf(text(answer, "refund_status"));
            switch (refundStatus) {
                case "SUCCESS" -> {
                    JsonNode amount = answer.get("amount_minor");
                    if (amount == null || !amount.isIntegralNumber() || !amount.canConvertToLong()) {
                        throw new IllegalArgumentException("amount_minor is not an integer");
                    }
                    return new RefundAnswer.Succeeded(text(answer, "refund_no"),
                            Money.of(amount.longValue(), text(answer, "currency")),
                            Instant.parse(text(answer, "event_time")), raw);
                }
                case "PROCESSING" -> {
                    return new RefundAnswer.Processing(raw);
                }
                case "FAILED" -> {
                    String reason = text(answer, "fail_reason");
                    return new RefundAnswer.Refused(reason == null || reason.isBlank()
                            ? "the sandbox failed the refund without a reason" : reason, raw);
                }
                default -> throw new IllegalArgumentException("refund_status " + refundStatus + " is unknown");
            }
        } catch (JacksonException | IllegalArgumentException | NullPointerException | DateTimeParseException e) {
            // The sandbox answered, but not in a way we can read: it may have refunded.
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "unreadable answer to " + what + ": " + e.getMessage()
                    + excerpt(body), e);
        }
    }

    /** The {@code code} of the sandbox's error answer, or null. */
    private static String code(byte[] body) {
        try {
            return body == null || body.length == 0 ? null : text(JSON.readTree(body), "code");
        } catch (JacksonException e) {
            return null;
        }
    }

    private static String raw(byte[] body) {
        return new String(body == null ? new byte[0] : body, StandardCharsets.UTF_8);
    }

    private static ChannelReport queryReport(byte[] body, String outTradeNo) {
        try {
            JsonNode answer = JSON.readTree(body);
            String echoed = text(answer, "out_trade_no");
            if (!outTradeNo.equals(echoed)) {
                throw new IllegalArgumentException("the answer is about trade " + echoed);
            }
            String tradeNo = text(answer, "trade_no");
            JsonNode amount = answer.get("amount_minor");
            if (amount == null || !amount.isIntegralNumber()) {
                throw new IllegalArgumentException("amount_minor is not an integer");
            }
            return new ChannelReport(ChannelTradeStatus.valueOf(text(answer, "trade_status")),
                    Money.of(amount.longValue(), text(answer, "currency")),
                    tradeNo == null ? null : new ChannelTxnId(tradeNo), Instant.parse(text(answer, "event_time")));
        } catch (JacksonException | IllegalArgumentException | NullPointerException | DateTimeParseException e) {
            // The channel answered, but not in a way we can read: we still do not know where the trade stands.
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "unreadable answer to the query of trade " + outTradeNo
                    + ": " + e.getMessage() + excerpt(body), e);
        }
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node == null ? null : node.get(field);
        return value == null || !value.isString() ? null : value.stringValue();
    }

    private static byte[] requestBody(Payment payment, String merchantAccount) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("out_trade_no", payment.id().value());
        body.put("merchant_id", merchantAccount);
        body.put("amount_minor", payment.amount().minor());
        body.put("currency", payment.amount().currencyCode());
        body.put("description", payment.description());
        return JSON.writeValueAsBytes(body);
    }

    private HttpResponse<byte[]> exchange(HttpRequest request, String what) {
        CompletableFuture<HttpResponse<byte[]>> pending =
                client.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray());
        try {
            // The request timeout bounds the wait for the response headers; this bound also covers a stalled body.
            return pending.get(connectTimeout.plus(readTimeout).toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            pending.cancel(true);
            throw new ChannelFailure(OutcomeClass.UNKNOWN,
                    "no complete answer from the sandbox to " + what + " in time", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            pending.cancel(true);
            throw new ChannelFailure(OutcomeClass.UNKNOWN,
                    "interrupted while waiting for the sandbox to answer " + what, e);
        } catch (ExecutionException e) {
            throw classify(e.getCause() == null ? e : e.getCause(), what);
        }
    }

    private static ChannelFailure classify(Throwable failure, String what) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof HttpConnectTimeoutException || cause instanceof ConnectException
                    || cause instanceof UnknownHostException || cause instanceof UnresolvedAddressException
                    || cause instanceof NoRouteToHostException) {
                return new ChannelFailure(OutcomeClass.RETRYABLE,
                        "the sandbox was not reached for " + what + ": " + failure, failure);
            }
        }
        // Read timeout, reset, closed mid-answer: the request may have arrived and been acted on.
        return new ChannelFailure(OutcomeClass.UNKNOWN,
                "the sandbox's answer to " + what + " was lost: " + failure, failure);
    }

    private static TradeRegistration registration(byte[] body, String outTradeNo) {
        try {
            JsonNode answer = JSON.readTree(body);
            JsonNode payUrl = answer == null ? null : answer.get("pay_url");
            JsonNode echoed = answer == null ? null : answer.get("out_trade_no");
            if (payUrl != null && payUrl.isString() && !payUrl.stringValue().isBlank()
                    && echoed != null && echoed.isString() && echoed.stringValue().equals(outTradeNo)) {
                return new TradeRegistration(payUrl.stringValue());
            }
        } catch (JacksonException e) {
            // falls through: the sandbox acted, but its answer cannot be used
        }
        throw new ChannelFailure(OutcomeClass.UNKNOWN, "the sandbox accepted trade " + outTradeNo
                + " but its answer has no usable pay_url for it" + excerpt(body), null);
    }

    private static String excerpt(byte[] body) {
        if (body == null || body.length == 0) {
            return "";
        }
        String text = new String(body, StandardCharsets.UTF_8).replaceAll("\\p{Cntrl}", " ");
        return ": " + (text.length() > EXCERPT_LENGTH ? text.substring(0, EXCERPT_LENGTH) + "..." : text);
    }

    private static Duration requirePositive(Duration duration, String what) {
        if (duration == null || duration.isZero() || duration.isNegative()) {
            throw new IllegalArgumentException("the sandbox " + what + " must be positive: " + duration);
        }
        return duration;
    }
}
