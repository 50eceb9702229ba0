package dev.tristate.adapter.out.webhook;

import com.standardwebhooks.Webhook;
import com.standardwebhooks.exceptions.WebhookSigningException;
import dev.tristate.application.consumer.port.out.TenantNotifier;
import dev.tristate.application.shared.port.out.TraceContext;
import dev.tristate.application.tenant.port.out.WebhookEndpointPolicy;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.task.TaskKey;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.UnresolvedAddressException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Tells a tenant's service about a grant: {@code POST} of a small JSON document with the task key as
 * {@code Idempotency-Key}, signed as the Standard Webhooks specification says: {@code webhook-id} (the task key, the
 * same on every retry), {@code webhook-timestamp} (this attempt, unix seconds) and {@code webhook-signature}, one
 * {@code v1,<base64 HMAC-SHA256 of id.timestamp.body>} per valid signing secret, space-separated (the signing is the
 * specification's own Java library). Before sending, the endpoint must pass the network rule again (what its host
 * resolves to may have changed since it was set): refused is DEFINITE, nothing is sent. 2xx is delivered. Nothing sent (refused, unresolvable, connect timeout), 408, 429 and 5xx
 * are RETRYABLE; waiting in vain for the answer (read timeout, reset after sending) is UNKNOWN: it may have acted, so
 * the retry carries the same key; any other answer (4xx, a redirect, which is not followed) is a DEFINITE refusal.
 * Where the call is traced, a W3C {@code traceparent} header names its span, so the tenant's service can continue the
 * trace that began with the channel's callback.
 */
public class HttpTenantNotifier implements TenantNotifier {

    public static final String IDEMPOTENCY_KEY = "Idempotency-Key";
    public static final String WEBHOOK_ID = "webhook-id";
    public static final String WEBHOOK_TIMESTAMP = "webhook-timestamp";
    public static final String WEBHOOK_SIGNATURE = "webhook-signature";
    public static final String TRACEPARENT = "traceparent";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final HttpClient client;
    private final Duration connectTimeout;
    private final Duration readTimeout;
    private final WebhookEndpointPolicy endpoints;
    private final Clock clock;
    private final TraceContext trace;

    public HttpTenantNotifier(Duration connectTimeout, Duration readTimeout, WebhookEndpointPolicy endpoints,
                              Clock clock) {
        this(connectTimeout, readTimeout, endpoints, clock, TraceContext.NONE);
    }

    /** With {@code trace}: each notice names the span it is sent in. */
    public HttpTenantNotifier(Duration connectTimeout, Duration readTimeout, WebhookEndpointPolicy endpoints,
                              Clock clock, TraceContext trace) {
        this.trace = Objects.requireNonNull(trace, "trace");
        this.connectTimeout = Objects.requireNonNull(connectTimeout, "connect timeout");
        this.readTimeout = Objects.requireNonNull(readTimeout, "read timeout");
        this.endpoints = Objects.requireNonNull(endpoints, "endpoint policy");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(connectTimeout)
                .followRedirects(HttpClient.Redirect.NEVER).build();
    }

    @Override
    public NotifyOutcome notify(URI endpoint, TaskKey idempotencyKey, GrantNotice notice,
                                List<String> signingSecrets) {
        Optional<String> refusal = endpoints.refusal(endpoint);
        if (refusal.isPresent()) {
            return new NotDelivered(OutcomeClass.DEFINITE, "not sent: " + refusal.get());
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", notice.type());
        body.put("idempotency_key", idempotencyKey.value());
        body.put("tenant_id", notice.tenantId().value());
        body.put("payment_id", notice.paymentId().value());
        body.put("payment_status", notice.paymentStatus());
        body.put("user_id", notice.userId());
        body.put("sku", notice.sku());
        String json = new String(JSON.writeValueAsBytes(body), StandardCharsets.UTF_8);
        long timestamp = clock.instant().getEpochSecond();
        String signatures;
        try {
            signatures = signatures(idempotencyKey.value(), timestamp, json, signingSecrets);
        } catch (IllegalArgumentException | WebhookSigningException e) {
            return new NotDelivered(OutcomeClass.DEFINITE, "not sent: the notice cannot be signed (" + e.getMessage()
                    + ")");
        }
        HttpRequest.Builder builder = HttpRequest.newBuilder(endpoint).timeout(readTimeout)
                .header("Content-Type", "application/json").header(IDEMPOTENCY_KEY, idempotencyKey.value())
                .header(WEBHOOK_ID, idempotencyKey.value()).header(WEBHOOK_TIMESTAMP, Long.toString(timestamp))
                .header(WEBHOOK_SIGNATURE, signatures);
        trace.traceparent().ifPresent(traceparent -> builder.header(TRACEPARENT, traceparent));
        HttpRequest request = builder.POST(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8)).build();
        CompletableFuture<HttpResponse<Void>> pending =
                client.sendAsync(request, HttpResponse.BodyHandlers.discarding());
        HttpResponse<Void> response;
        try {
            // The request timeout bounds the wait for the headers; this bound also covers a body that stalls.
            response = pending.get(connectTimeout.plus(readTimeout).toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            pending.cancel(true);
            return new NotDelivered(OutcomeClass.UNKNOWN, "no complete answer from " + endpoint + " in time");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            pending.cancel(true);
            return new NotDelivered(OutcomeClass.UNKNOWN, "interrupted while waiting for " + endpoint);
        } catch (ExecutionException e) {
            return classify(e.getCause() == null ? e : e.getCause(), endpoint);
        }
        int status = response.statusCode();
        if (status >= 200 && status < 300) {
            return new Delivered(status);
        }
        String answer = endpoint + " answered HTTP " + status;
        if (status == 408 || status == 429 || status >= 500) {
            return new NotDelivered(OutcomeClass.RETRYABLE, answer);
        }
        return new NotDelivered(OutcomeClass.DEFINITE, answer);
    }

    /** One {@code v1,<signature>} per secret ({@code whsec_} and base64 of the key), space-separated. */
    static String signatures(String id, long timestamp, String body, List<String> secrets)
            throws WebhookSigningException {
        if (secrets.isEmpty()) {
            throw new IllegalArgumentException("no signing secret");
        }
        List<String> signed = new ArrayList<>(secrets.size());
        for (String secret : secrets) {
            if (!secret.startsWith("whsec_")) {
                throw new IllegalArgumentException("a signing secret is whsec_ and base64");
            }
            signed.add(new Webhook(secret).sign(id, timestamp, body));
        }
        return String.join(" ", signed);
    }

    private static NotifyOutcome classify(Throwable failure, URI endpoint) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof HttpConnectTimeoutException || cause instanceof ConnectException
                    || cause instanceof UnresolvedAddressException) {
                return new NotDelivered(OutcomeClass.RETRYABLE, "could not connect to " + endpoint + ": " + cause);
            }
        }
        return new NotDelivered(OutcomeClass.UNKNOWN, "no answer from " + endpoint + ": " + failure);
    }
}
