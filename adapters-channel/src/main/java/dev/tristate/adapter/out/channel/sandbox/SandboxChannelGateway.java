package dev.tristate.adapter.out.channel.sandbox;

import dev.tristate.application.port.out.ChannelFailure;
import dev.tristate.application.port.out.ChannelGateway;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.ChannelReport;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.ChannelTxnId;
import dev.tristate.domain.payment.Payment;
import java.net.URLEncoder;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.UnresolvedAddressException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Registers trades with the sandbox channel: {@code POST {baseUrl}/sandbox-channel/trades}. Every failure is a
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
        String base = baseUrl.get().toString();
        return URI.create((base.endsWith("/") ? base.substring(0, base.length() - 1) : base)
                + "/sandbox-channel/trades");
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
        HttpResponse<byte[]> response = exchange(request, outTradeNo);
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
        HttpRequest request = HttpRequest.newBuilder(URI.create(tradesUri() + "/"
                        + URLEncoder.encode(outTradeNo, StandardCharsets.UTF_8)))
                .timeout(readTimeout)
                .header("Accept", "application/json")
                .GET()
                .build();
        HttpResponse<byte[]> response = exchange(request, outTradeNo);
        int status = response.statusCode();
        String raw = new String(response.body() == null ? new byte[0] : response.body(), StandardCharsets.UTF_8);
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

    private HttpResponse<byte[]> exchange(HttpRequest request, String outTradeNo) {
        CompletableFuture<HttpResponse<byte[]>> pending =
                client.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray());
        try {
            // The request timeout bounds the wait for the response headers; this bound also covers a stalled body.
            return pending.get(connectTimeout.plus(readTimeout).toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            pending.cancel(true);
            throw new ChannelFailure(OutcomeClass.UNKNOWN,
                    "no complete answer from the sandbox for trade " + outTradeNo + " in time", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            pending.cancel(true);
            throw new ChannelFailure(OutcomeClass.UNKNOWN,
                    "interrupted while waiting for the sandbox to answer for trade " + outTradeNo, e);
        } catch (ExecutionException e) {
            throw classify(e.getCause() == null ? e : e.getCause(), outTradeNo);
        }
    }

    private static ChannelFailure classify(Throwable failure, String outTradeNo) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof HttpConnectTimeoutException || cause instanceof ConnectException
                    || cause instanceof UnknownHostException || cause instanceof UnresolvedAddressException
                    || cause instanceof NoRouteToHostException) {
                return new ChannelFailure(OutcomeClass.RETRYABLE,
                        "the sandbox was not reached for trade " + outTradeNo + ": " + failure, failure);
            }
        }
        // Read timeout, reset, closed mid-answer: the request may have arrived and been acted on.
        return new ChannelFailure(OutcomeClass.UNKNOWN,
                "the sandbox's answer for trade " + outTradeNo + " was lost: " + failure, failure);
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
