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
 * The HTTP exchange with the sandbox: URLs under its base URL, the requests, and a failure to get an answer as a
 * {@link ChannelFailure}: not reached (connection refused, unknown host, connect timeout) is RETRYABLE; anything after
 * the request may have left (read timeout, reset, a stalled body) is UNKNOWN, since the sandbox may have acted.
 */
final class SandboxHttp {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Supplier<URI> baseUrl;
    private final Duration connectTimeout;
    private final Duration readTimeout;
    private final HttpClient client;

    SandboxHttp(Supplier<URI> baseUrl, Duration connectTimeout, Duration readTimeout) {
        this.baseUrl = Objects.requireNonNull(baseUrl, "base URL");
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

    /** GETs {@code uri}, accepting {@code accept}; {@code what} names the call in failures. */
    HttpResponse<byte[]> get(URI uri, String accept, String what) {
        return exchange(HttpRequest.newBuilder(uri)
                .timeout(readTimeout)
                .header("Accept", accept)
                .GET()
                .build(), what);
    }

    /** POSTs {@code body} as JSON to {@code uri}, accepting JSON; {@code what} names the call in failures. */
    HttpResponse<byte[]> postJson(URI uri, Map<String, Object> body, String what) {
        return exchange(HttpRequest.newBuilder(uri)
                .timeout(readTimeout)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body)))
                .build(), what);
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
