package dev.tristate.simulator.kit;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Sends a simulator's notifications to the merchant over HTTP, the way a channel does: each attempt on the
 * {@link BackgroundScheduler}, never on a request thread; the answer read by the channel's own rule
 * ({@link AnswerRule}); an unacknowledged attempt sent again on the channel's own schedule ({@link ResendSchedule})
 * until the schedule gives up. A channel that keeps order uses {@link #sendInLane}: the first attempt of a copy starts
 * only after the first attempt of the copy before it in the same lane ended, so copies arrive in the order they were
 * given (retries may then interleave, as with a real channel). One that does not uses {@link #sendAlone}.
 */
public final class NotificationDelivery {

    private static final Log log = LogFactory.getLog(NotificationDelivery.class);
    private static final CompletableFuture<Void> IDLE = CompletableFuture.completedFuture(null);

    /**
     * One notification as the channel sends it.
     *
     * @param description names it in the log, e.g. {@code notification ntf_1 for trade T1}
     * @param record      how its delivery goes, shared by all its copies
     * @param nextRequest the request of the next attempt, made (and signed) anew for each; empty when there is nowhere
     *                    to send it (the copy is then given up, no attempt counted); a runtime exception counts as a
     *                    failed attempt
     */
    public record Notification(String description, DeliveryRecord record,
                               Supplier<Optional<HttpRequest>> nextRequest) {
    }

    /** How an attempt went: acknowledged, refused for good (not to be re-sent as is), or to be sent again. */
    public enum AttemptOutcome { ACKNOWLEDGED, REJECTED, RETRY }

    /** The channel's reading of the merchant's answer to one attempt. */
    @FunctionalInterface
    public interface AnswerRule {
        AttemptOutcome outcomeOf(int statusCode, String body);
    }

    /** The channel's resend schedule. */
    @FunctionalInterface
    public interface ResendSchedule {
        /**
         * How many milliseconds (as the simulator waits them, any time compression applied) to wait after the
         * unacknowledged attempt number {@code attempt} (1 for the first) before the next; empty to give up.
         */
        OptionalLong pauseMsAfter(int attempt);
    }

    private final BackgroundScheduler scheduler;
    private final AnswerRule answerRule;
    private final ResendSchedule resendSchedule;
    private final HttpClient client;
    private final Map<String, CompletableFuture<Void>> lanes = new ConcurrentHashMap<>();

    public NotificationDelivery(BackgroundScheduler scheduler, Duration connectTimeout, AnswerRule answerRule,
                                ResendSchedule resendSchedule) {
        this.scheduler = scheduler;
        this.answerRule = answerRule;
        this.resendSchedule = resendSchedule;
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(connectTimeout)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    /** Queues one copy on {@code lane}: its first attempt starts {@code delayMs} after the lane's last one ended. */
    public void sendInLane(String lane, Notification notification, long delayMs) {
        notification.record().copyQueued();
        lanes.compute(lane, (key, tail) -> (tail == null ? IDLE : tail)
                .thenCompose(previousFirstAttemptEnded -> startCopy(notification, delayMs)));
    }

    /** Sends one copy on its own, its first attempt after {@code delayMs}. */
    public void sendAlone(Notification notification, long delayMs) {
        notification.record().copyQueued();
        startCopy(notification, delayMs);
    }

    private CompletableFuture<Void> startCopy(Notification notification, long delayMs) {
        CompletableFuture<Void> firstAttemptEnded = new CompletableFuture<>();
        if (!scheduler.schedule(() -> attempt(notification, 1, firstAttemptEnded), delayMs)) {
            notification.record().copyGivenUp();
            firstAttemptEnded.complete(null);
        }
        return firstAttemptEnded;
    }

    private void attempt(Notification notification, int attempt, CompletableFuture<Void> firstAttemptEnded) {
        DeliveryRecord record = notification.record();
        CompletableFuture<HttpResponse<String>> response;
        try {
            Optional<HttpRequest> request = notification.nextRequest().get();
            if (request.isEmpty()) {
                log.warn("The " + notification.description() + " has nowhere to go; not sent");
                record.copyGivenUp();
                firstAttemptEnded.complete(null);
                return;
            }
            record.attempted();
            response = client.sendAsync(request.get(), HttpResponse.BodyHandlers.ofString());
        } catch (RuntimeException cannotSend) {
            record.attempted();
            response = CompletableFuture.failedFuture(cannotSend);
        }
        response.whenComplete((answer, failure) -> {
            AttemptOutcome outcome = failure == null
                    ? answerRule.outcomeOf(answer.statusCode(), answer.body()) : AttemptOutcome.RETRY;
            firstAttemptEnded.complete(null);
            switch (outcome) {
                case ACKNOWLEDGED -> record.copyAcknowledged();
                case REJECTED -> {
                    log.warn("The " + notification.description() + " was rejected; not re-sent");
                    record.copyRejected();
                }
                case RETRY -> resendOrGiveUp(notification, attempt, failure);
            }
        });
    }

    private void resendOrGiveUp(Notification notification, int attempt, Throwable failure) {
        OptionalLong pause = resendSchedule.pauseMsAfter(attempt);
        if (pause.isEmpty() || !scheduler.schedule(() -> attempt(notification, attempt + 1,
                new CompletableFuture<>()), pause.getAsLong())) {
            log.warn("The " + notification.description() + " was not acknowledged after " + attempt
                    + " attempts; giving up" + (failure == null ? "" : " (last error: " + failure + ")"));
            notification.record().copyGivenUp();
        }
    }
}
