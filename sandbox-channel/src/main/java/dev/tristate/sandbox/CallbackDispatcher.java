package dev.tristate.sandbox;

import dev.tristate.simulator.kit.NotificationDelivery;
import dev.tristate.simulator.kit.NotificationDelivery.AttemptOutcome;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
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
 * Each trade has one delivery lane, so notifications arrive in the order the lane was given them (retries may then
 * interleave, as with a real channel).
 */
@Component
class CallbackDispatcher {

    private final SandboxChannelSettings settings;
    private final SandboxMerchants merchants;
    private final NotificationDelivery delivery;

    CallbackDispatcher(SandboxChannelSettings settings, SandboxMerchants merchants, SandboxScheduler scheduler) {
        this.settings = settings;
        this.merchants = merchants;
        this.delivery = new NotificationDelivery(scheduler, Duration.ofMillis(settings.http().connectTimeoutMs()),
                CallbackDispatcher::outcomeOf, this::pauseMsAfter);
    }

    /** Queues each notification, and {@code duplicates} extra copies of it, on the lane of its trade. */
    void enqueue(String lane, List<OutgoingNotification> notifications, Behaviour behaviour) {
        for (OutgoingNotification notification : notifications) {
            NotificationDelivery.Notification signed = new NotificationDelivery.Notification("notification "
                    + notification.notifyId() + " for trade " + notification.outTradeNo(), notification.delivery(),
                    () -> Optional.of(request(notification)));
            for (int copy = 0; copy <= behaviour.duplicates(); copy++) {
                delivery.sendInLane(lane, signed, behaviour.delayMs());
            }
        }
    }

    static AttemptOutcome outcomeOf(int statusCode, String body) {
        String code = JsonCodec.codeOf(body);
        if (statusCode == 200 && "SUCCESS".equals(code)) {
            return AttemptOutcome.ACKNOWLEDGED;
        }
        if (statusCode == 400 && "INVALID".equals(code)) {
            return AttemptOutcome.REJECTED;
        }
        return AttemptOutcome.RETRY;
    }

    private OptionalLong pauseMsAfter(int attempt) {
        SandboxChannelProperties.Retry retry = settings.retry();
        return attempt >= retry.maxAttempts()
                ? OptionalLong.empty() : OptionalLong.of(retry.delayAfterAttempt(attempt));
    }

    /** The same bytes every time, signed with the merchant's newest secret at each attempt. */
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
