package dev.tristate.adapter.out.channel.sandbox;

import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.domain.outcome.OutcomeClass;
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
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import tools.jackson.databind.json.JsonMapper;

/**
 * The HTTP exchange with the sandbox: URLs under its base URL, the requests, each the merchant's
 * ({@code Sandbox-Merchant} and a {@code Sandbox-Signature} over method, path with query and body, keyed with the
 * merchant's newest secret), and a failure to get an answer as a
 * {@link ChannelFailure}: not reached (connection refused, unknown host, connect timeout) is RETRYABLE; anything after
 * the request may have left (read timeout, reset, a stalled body) is UNKNOWN, since the sandbox may have acted.
 */
final class SandboxHttp {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    static final String MERCHANT_HEADER = "Sandbox-Merchant";

    private final Supplier<URI> baseUrl;
    private final Duration connectTimeout;
    private final Duration readTimeout;
    private final SandboxMerchantSecrets secrets;
    private final Clock clock;
    private final HttpClient client;

    SandboxHttp(Supplier<URI> baseUrl, Duration connectTimeout, Duration readTimeout, SandboxMerchantSecrets secrets,
                Clock clock) {
        this.baseUrl = Objects.requireNonNull(baseUrl, "base URL");
        this.secrets = Objects.requireNonNull(secrets, "merchant secrets");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.connectTimeout = requirePositive(connectTimeout, "connect timeout");
        this.readTimeout = requirePositive(readTimeout, "read timeout");
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(connectTimeout)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    /** {@code pathAndQuery} (already encoded) under the base URL, which may or may not end with a slash. */
    URI uri(String pathAndQuery) {
        String base = baseUrl.get().toString();
        return URI.create((base.endsWith("/") ? base.substring(0, base.length() - 1) : base) + pathAndQuery);
    }

    static String segment(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /** GETs {@code uri} as the merchant, accepting {@code accept}; {@code what} names the call in failures. */
    HttpResponse<byte[]> get(URI uri, String accept, String what, String merchant) {
        return exchange(signed(HttpRequest.newBuilder(uri), "GET", uri, new byte[0], merchant, what)
                .timeout(readTimeout)
                .header("Accept", accept)
                .GET()
                .build(), what);
    }

    /** POSTs {@code body} as JSON to {@code uri} as the merchant, accepting JSON; {@code what} names the call. */
    HttpResponse<byte[]> postJson(URI uri, Map<String, Object> body, String what, String merchant) {
        byte[] bytes = JSON.writeValueAsBytes(body);
        return exchange(signed(HttpRequest.newBuilder(uri), "POST", uri, bytes, merchant, what)
                .timeout(readTimeout)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(bytes))
                .build(), what);
    }

    /** Without a valid secret nothing is sent: the sandbox cannot have acted, so the failure is DEFINITE. */
    private HttpRequest.Builder signed(HttpRequest.Builder request, String method, URI uri, byte[] body,
                                       String merchant, String what) {
        String secret = secrets.newestSecret(merchant).orElseThrow(() -> new ChannelFailure(OutcomeClass.DEFINITE,
                "merchant " + merchant + " has no valid sandbox signing secret; " + what + " was not sent", null));
        String pathWithQuery = uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        try {
            return request.header(MERCHANT_HEADER, merchant)
                    .header(SandboxSignature.HEADER, SandboxSignature.signRequest(secret,
                            clock.instant().getEpochSecond(), method, pathWithQuery, body));
        } catch (IllegalArgumentException notAHeaderValue) {
            // A stored account id no HTTP header can carry: that merchant's problem, never a 500.
            throw new ChannelFailure(OutcomeClass.DEFINITE, "the merchant account is not a valid header value; "
                    + what + " was not sent", null);
        }
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

    private static Duration requirePositive(Duration duration, String what) {
        if (duration == null || duration.isZero() || duration.isNegative()) {
            throw new IllegalArgumentException("the sandbox " + what + " must be positive: " + duration);
        }
        return duration;
    }
}
