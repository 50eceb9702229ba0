package dev.tristate.simulator.alipay;

import dev.tristate.simulator.kit.NotificationDelivery;
import dev.tristate.simulator.kit.NotificationDelivery.AttemptOutcome;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.springframework.stereotype.Component;

/**
 * Posts notifications to the trade's notify_url on Alipay's schedule: the first at once, then, while the answer is
 * not exactly {@code success}, again after about 4m, 10m, 10m, 1h, 2h, 6h and 15h (8 notifications within 25 h),
 * compressed by {@code time-compression}. Each trade has one delivery lane, so notifications arrive in the order they
 * were made.
 */
@Component
class NotificationSender {

    /** The pauses after each unacknowledged attempt, in Alipay's own time. */
    static final List<Duration> RESEND_AFTER = List.of(Duration.ofMinutes(4), Duration.ofMinutes(10),
            Duration.ofMinutes(10), Duration.ofHours(1), Duration.ofHours(2), Duration.ofHours(6),
            Duration.ofHours(15));
    static final int MAX_ATTEMPTS = RESEND_AFTER.size() + 1;

    private final SimulatorSettings settings;
    private final NotificationDelivery delivery;

    NotificationSender(SimulatorSettings settings, SimulatorScheduler scheduler) {
        this.settings = settings;
        this.delivery = new NotificationDelivery(scheduler, Duration.ofMillis(settings.http().connectTimeoutMs()),
                (status, body) -> acknowledges(status, body) ? AttemptOutcome.ACKNOWLEDGED : AttemptOutcome.RETRY,
                attempt -> attempt >= MAX_ATTEMPTS ? OptionalLong.empty()
                        : OptionalLong.of(settings.compressed(RESEND_AFTER.get(attempt - 1).toMillis())));
    }

    /** Sends each notification (and {@code duplicates} extra copies of it) on the lane of its trade. */
    void send(SimulatedTrade trade, List<OutgoingNotification> notifications) {
        Behaviour behaviour = trade.behaviour();
        for (OutgoingNotification notification : notifications) {
            trade.sent(notification);
            if (behaviour.dropNotifications() || notification.notifyUrl() == null) {
                notification.delivery().drop();
                continue;
            }
            NotificationDelivery.Notification signed = new NotificationDelivery.Notification("Alipay notification "
                    + notification.notifyId() + " for trade " + notification.param("out_trade_no"),
                    notification.delivery(), () -> Optional.of(request(notification)));
            for (int copy = 0; copy <= behaviour.duplicates(); copy++) {
                delivery.sendInLane(trade.tradeNo(), signed, behaviour.delayMs());
            }
        }
    }

    /** Alipay stops resending only when the answer's body is exactly {@code success}. */
    static boolean acknowledges(int statusCode, String body) {
        return statusCode == 200 && "success".equals(body);
    }

    /** Its parameters with a fresh notify_time, signed anew at each attempt. */
    private HttpRequest request(OutgoingNotification notification) {
        return HttpRequest.newBuilder(notification.notifyUrl())
                .timeout(Duration.ofMillis(settings.http().requestTimeoutMs()))
                .header("Content-Type", "application/x-www-form-urlencoded; charset=utf-8")
                .header("User-Agent", "Mozilla/4.0 (tristate-alipay-simulator)")
                .POST(HttpRequest.BodyPublishers.ofByteArray(
                        notification.body(settings.clock().instant(), settings.keys())))
                .build();
    }
}
