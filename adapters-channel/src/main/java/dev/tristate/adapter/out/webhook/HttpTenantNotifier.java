package dev.tristate.adapter.out.webhook;

import dev.tristate.application.consumer.port.out.TenantNotifier;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.task.TaskKey;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Tells a tenant's service about a grant: {@code POST} of a small JSON document with the task key as
 * {@code Idempotency-Key}. 2xx is delivered. Nothing sent (refused, unresolvable, connect timeout), 408, 429 and 5xx
 * are RETRYABLE; waiting in vain for the answer (read timeout, reset after sending) is UNKNOWN: it may have acted, so
 * the retry carries the same key; any other answer (4xx, a redirect, which is not followed) is a DEFINITE refusal.
 */
public class HttpTenantNotifier implements TenantNotifier {

    public static final String IDEMPOTENCY_KEY = "Idempotency-Key";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final HttpClient client;
    private final Duration connectTimeout;
    private final Duration readTimeout;

    public HttpTenantNotifier(Duration connectTimeout, Duration readTimeout) {
        this.connectTimeout = Objects.requireNonNull(connectTimeout, "connect timeout");
        this.readTimeout = Objects.requireNonNull(readTimeout, "read timeout");
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(connectTimeout)
                .followRedirects(HttpClient.Redirect.NEVER).build();
    }

    @Override
    public NotifyOutcome notify(URI endpoint, TaskKey idempotencyKey, GrantNotice notice) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", notice.type());
        body.put("idempotency_key", idempotencyKey.value());
        body.put("tenant_id", notice.tenantId().value());
        body.put("payment_id", notice.paymentId().value());
        body.put("payment_status", notice.paymentStatus());
        body.put("user_id", notice.userId());
        body.put("sku", notice.sku());
        HttpRequest request = HttpRequest.newBuilder(endpoint).timeout(readTimeout)
                .header("Content-Type", "application/json").header(IDEMPOTENCY_KEY, idempotencyKey.value())
                .POST(HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body))).build();
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
