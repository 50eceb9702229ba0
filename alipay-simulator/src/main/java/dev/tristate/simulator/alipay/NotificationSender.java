package dev.tristate.simulator.alipay;

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
 * Posts notifications to the trade's notify_url on Alipay's schedule: the first at once, then, while the answer is
 * not exactly {@code success}, again after about 4m, 10m, 10m, 1h, 2h, 6h and 15h (8 notifications within 25 h),
 * compressed by {@code time-compression}. Each trade has one delivery lane: a notification's first attempt starts
 * only after the first attempt of the one before it ended, so they arrive in the order they were made.
 */
@Component
class NotificationSender {

    /** The pauses after each unacknowledged attempt, in Alipay's own time. */
    static final List<Duration> RESEND_AFTER = List.of(Duration.ofMinutes(4), Duration.ofMinutes(10),
            Duration.ofMinutes(10), Duration.ofHours(1), Duration.ofHours(2), Duration.ofHours(6), Duration.ofHours(15));
    static final int MAX_ATTEMPTS = RESEND_AFTER.size() + 1;

    private static final Log log = LogFactory.getLog(NotificationSender.class);
    private static final CompletableFuture<Void> IDLE = CompletableFuture.completedFuture(null);

    private final SimulatorSettings settings;
    private final SimulatorScheduler scheduler;
    private final HttpClient client;
    private final Map<String, CompletableFuture<Void>> lanes = new ConcurrentHashMap<>();

    NotificationSender(SimulatorSettings settings, SimulatorScheduler scheduler) {
        this.settings = settings;
        this.scheduler = scheduler;
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofMillis(settings.http().connectTimeoutMs()))
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    /** Sends each notification (and {@code duplicates} extra copies of it) on the lane of its trade. */
    void send(SimulatedTrade trade, List<OutgoingNotification> notifications) {
        Behaviour behaviour = trade.behaviour();
        for (OutgoingNotification notification : notifications) {
            trade.sent(notification);
            if (behaviour.dropNotifications() || notification.notifyUrl() == null) {
                notification.drop();
                continue;
            }
            for (int copy = 0; copy <= behaviour.duplicates(); copy++) {
                notification.copyQueued();
                lanes.compute(trade.tradeNo(), (key, tail) -> (tail == null ? IDLE : tail)
                        .thenCompose(previousFirstAttemptEnded -> startCopy(notification, behaviour.delayMs())));
            }
        }
    }

    /** Alipay stops resending only when the answer's body is exactly {@code success}. */
    static boolean acknowledges(int statusCode, String body) {
        return statusCode == 200 && "success".equals(body);
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
            HttpRequest request = HttpRequest.newBuilder(notification.notifyUrl())
                    .timeout(Duration.ofMillis(settings.http().requestTimeoutMs()))
                    .header("Content-Type", "application/x-www-form-urlencoded; charset=utf-8")
                    .header("User-Agent", "Mozilla/4.0 (tristate-alipay-simulator)")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(
                            notification.body(settings.clock().instant(), settings.keys())))
                    .build();
            response = client.sendAsync(request, HttpResponse.BodyHandlers.ofString());
        } catch (RuntimeException cannotSend) {
            response = CompletableFuture.failedFuture(cannotSend);
        }
        response.whenComplete((answer, failure) -> {
            firstAttemptEnded.complete(null);
            if (failure == null && acknowledges(answer.statusCode(), answer.body())) {
                notification.copyAcknowledged();
            } else {
                resendOrGiveUp(notification, attempt);
            }
        });
    }

    private void resendOrGiveUp(OutgoingNotification notification, int attempt) {
        if (attempt >= MAX_ATTEMPTS || !scheduler.schedule(() -> attempt(notification, attempt + 1,
                new CompletableFuture<>()), settings.compressed(RESEND_AFTER.get(attempt - 1).toMillis()))) {
            log.warn("Alipay notification " + notification.notifyId() + " for trade "
                    + notification.param("out_trade_no") + " was not acknowledged after " + attempt + " attempts");
            notification.copyGivenUp();
        }
    }
}
