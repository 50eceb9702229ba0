package dev.tristate.sandbox;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.stereotype.Component;

/**
 * Delivers notifications to the notify URL, signed, with retries.
 * <ul>
 *   <li>An attempt is acknowledged only by {@code 200 {"code":"SUCCESS"}}.</li>
 *   <li>{@code 400 {"code":"INVALID"}} means, by the contract, "malformed; do not re-send as is": since a retry would
 *       send the very same bytes, that copy stops.</li>
 *   <li>Anything else (other answers, connection errors, timeouts) is re-sent after an exponential backoff, up to the
 *       configured number of attempts.</li>
 * </ul>
 * Each trade has one delivery lane: the first attempt of a copy starts only after the first attempt of the copy
 * before it ended, so notifications arrive in the order the lane was given them (retries may then interleave, as
 * with a real channel).
 */
@Component
class CallbackDispatcher {

    private static final Log log = LogFactory.getLog(CallbackDispatcher.class);
    private static final CompletableFuture<Void> IDLE = CompletableFuture.completedFuture(null);

    enum Outcome { ACKNOWLEDGED, REJECTED, RETRY }

    private final SandboxChannelSettings settings;
    private final SandboxMerchants merchants;
    private final SandboxScheduler scheduler;
    private final HttpClient client;
    private final Map<String, CompletableFuture<Void>> lanes = new ConcurrentHashMap<>();

    CallbackDispatcher(SandboxChannelSettings settings, SandboxMerchants merchants, SandboxScheduler scheduler) {
        this.settings = settings;
        this.merchants = merchants;
        this.scheduler = scheduler;
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofMillis(settings.http().connectTimeoutMs()))
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    /** Queues each notification, and {@code duplicates} extra copies of it, on the lane of its trade. */
    void enqueue(String lane, List<OutgoingNotification> notifications, Behaviour behaviour) {
        for (OutgoingNotification notification : notifications) {
            for (int copy = 0; copy <= behaviour.duplicates(); copy++) {
                notification.copyQueued();
                lanes.compute(lane, (key, tail) -> (tail == null ? IDLE : tail)
                        .thenCompose(previousFirstAttemptEnded -> startCopy(notification, behaviour.delayMs())));
            }
        }
    }

    static Outcome outcomeOf(int statusCode, String body) {
        String code = JsonCodec.codeOf(body);
        if (statusCode == 200 && "SUCCESS".equals(code)) {
            return Outcome.ACKNOWLEDGED;
        }
        if (statusCode == 400 && "INVALID".equals(code)) {
            return Outcome.REJECTED;
        }
        return Outcome.RETRY;
    }

    private CompletableFuture<Void> startCopy(OutgoingNotification notification, long delayMs) {
        CompletableFuture<Void> firstAttemptEnded = new CompletableFuture<>();
        if (!scheduler.schedule(() -> attempt(notification, 1, firstAttemptEnded), delayMs)) {
            notification.copyGivenUp();
            firstAttemptEnded.complete(null);
        }
        return firstAttemptEnded;
    }

    private void attempt(OutgoingNotification notification, int attempt, CompletableFuture<Void> firstAttemptEnded) {
        notification.attempted();
        CompletableFuture<HttpResponse<String>> response;
        try {
            response = client.sendAsync(request(notification), HttpResponse.BodyHandlers.ofString());
        } catch (RuntimeException cannotSend) {
            response = CompletableFuture.failedFuture(cannotSend);
        }
        response.whenComplete((answer, failure) -> {
            Outcome outcome = failure == null ? outcomeOf(answer.statusCode(), answer.body()) : Outcome.RETRY;
            firstAttemptEnded.complete(null);
            switch (outcome) {
                case ACKNOWLEDGED -> notification.copyAcknowledged();
                case REJECTED -> {
                    log.warn("Notification " + notification.notifyId() + " was rejected as INVALID; not re-sent");
                    notification.copyRejected();
                }
                case RETRY -> retryOrGiveUp(notification, attempt, failure);
            }
        });
    }

    private void retryOrGiveUp(OutgoingNotification notification, int attempt, Throwable failure) {
        SandboxChannelProperties.Retry retry = settings.retry();
        if (attempt >= retry.maxAttempts()
                || !scheduler.schedule(() -> attempt(notification, attempt + 1, new CompletableFuture<>()),
                        retry.delayAfterAttempt(attempt))) {
            log.warn("Notification " + notification.notifyId() + " for trade " + notification.outTradeNo()
                    + " was not acknowledged after " + attempt + " attempts; giving up"
                    + (failure == null ? "" : " (last error: " + failure + ")"));
            notification.copyGivenUp();
        }
    }

    private HttpRequest request(OutgoingNotification notification) {
        String secret = merchants.newestSecret(notification.merchantId()).orElseThrow(() ->
                new IllegalStateException("merchant " + notification.merchantId() + " has no secret"));
        byte[] body = notification.body();
        long now = settings.clock().instant().getEpochSecond();
        return HttpRequest.newBuilder(settings.notifyUrl())
                .timeout(Duration.ofMillis(settings.http().requestTimeoutMs()))
                .header("Content-Type", "application/json")
                .header("User-Agent", "tristate-sandbox-channel")
                .header(CallbackSigner.HEADER, CallbackSigner.header(secret, now, body))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build();
    }
}
