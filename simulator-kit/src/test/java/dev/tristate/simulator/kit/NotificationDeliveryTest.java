package dev.tristate.simulator.kit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpExchange;
import dev.tristate.simulator.kit.NotificationDelivery.AttemptOutcome;
import dev.tristate.simulator.kit.testing.LoopbackServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class NotificationDeliveryTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    /** The merchant acknowledges with {@code 200 ok}, refuses for good with {@code 400 never}. */
    private static final NotificationDelivery.AnswerRule RULE = (status, body) -> status == 200 && body.equals("ok")
            ? AttemptOutcome.ACKNOWLEDGED
            : status == 400 && body.equals("never") ? AttemptOutcome.REJECTED : AttemptOutcome.RETRY;

    private final List<String> received = new CopyOnWriteArrayList<>();
    private final Map<String, Deque<Integer>> scripts = new ConcurrentHashMap<>();
    private final Map<String, CountDownLatch> gates = new ConcurrentHashMap<>();
    private final LoopbackServer merchant = LoopbackServer.serve("/notify", "merchant", this::answer);
    private final BackgroundScheduler scheduler = new BackgroundScheduler("kit-test") { };

    @AfterEach
    void stop() {
        scheduler.close();
        merchant.stop();
    }

    @Test
    void anAcknowledgedNotificationIsDeliveredInOneAttempt() {
        DeliveryRecord record = new DeliveryRecord();

        delivery(3).sendAlone(sent("n1", record), 0);

        await().atMost(WAIT).until(() -> record.state() == DeliveryRecord.State.DELIVERED);
        assertThat(record.attempts()).isEqualTo(1);
        assertThat(record.acknowledgedCopies()).isEqualTo(1);
        assertThat(received).containsExactly("n1");
    }

    @Test
    void anUnacknowledgedNotificationIsSentAgainUntilTheScheduleGivesUp() {
        script("n2", 500, 500, 500, 500);
        DeliveryRecord record = new DeliveryRecord();

        delivery(3).sendAlone(sent("n2", record), 0);

        await().atMost(WAIT).until(() -> record.state() == DeliveryRecord.State.GAVE_UP);
        assertThat(record.attempts()).isEqualTo(3);
        assertThat(received).containsExactly("n2", "n2", "n2");
    }

    @Test
    void aResentNotificationIsDeliveredWhenTheMerchantRecovers() {
        script("n3", 503);
        DeliveryRecord record = new DeliveryRecord();

        delivery(3).sendAlone(sent("n3", record), 0);

        await().atMost(WAIT).until(() -> record.state() == DeliveryRecord.State.DELIVERED);
        assertThat(record.attempts()).isEqualTo(2);
    }

    @Test
    void aRejectedCopyIsNotSentAgain() throws Exception {
        script("n4", 400);
        DeliveryRecord record = new DeliveryRecord();

        delivery(5).sendAlone(sent("n4", record), 0);

        await().atMost(WAIT).until(() -> record.state() == DeliveryRecord.State.REJECTED);
        TimeUnit.MILLISECONDS.sleep(100);
        assertThat(record.attempts()).isEqualTo(1);
    }

    @Test
    void aNotificationWithNowhereToGoIsGivenUpWithoutAnAttempt() {
        DeliveryRecord record = new DeliveryRecord();

        delivery(3).sendAlone(new NotificationDelivery.Notification("notification n5", record, Optional::empty), 0);

        await().atMost(WAIT).until(() -> record.state() == DeliveryRecord.State.GAVE_UP);
        assertThat(record.attempts()).isZero();
    }

    @Test
    void aRequestThatCannotBeMadeCountsAsAFailedAttemptAndIsTriedAgain() {
        AtomicInteger asked = new AtomicInteger();
        DeliveryRecord record = new DeliveryRecord();
        NotificationDelivery.Notification notification = new NotificationDelivery.Notification("notification n6",
                record, () -> {
                    if (asked.incrementAndGet() == 1) {
                        throw new IllegalStateException("no key yet");
                    }
                    return Optional.of(request("n6"));
                });

        delivery(3).sendAlone(notification, 0);

        await().atMost(WAIT).until(() -> record.state() == DeliveryRecord.State.DELIVERED);
        assertThat(record.attempts()).isEqualTo(2);
        assertThat(received).containsExactly("n6");
    }

    @Test
    void copiesInOneLaneStartInTheOrderTheyWereGivenEvenWhenTheFirstIsSlow() {
        CountDownLatch slowFirst = new CountDownLatch(1);
        gates.put("first", slowFirst);
        NotificationDelivery delivery = delivery(3);
        DeliveryRecord second = new DeliveryRecord();

        delivery.sendInLane("trade-1", sent("first", new DeliveryRecord()), 0);
        delivery.sendInLane("trade-1", sent("second", second), 0);
        scheduler.schedule(slowFirst::countDown, 300);

        await().atMost(WAIT).until(() -> second.state() == DeliveryRecord.State.DELIVERED);
        assertThat(received).containsExactly("first", "second");
    }

    @Test
    void duplicatesAreCopiesOfOneNotification() {
        DeliveryRecord record = new DeliveryRecord();
        NotificationDelivery delivery = delivery(3);

        delivery.sendInLane("trade-2", sent("n7", record), 0);
        delivery.sendInLane("trade-2", sent("n7", record), 0);

        await().atMost(WAIT).until(() -> record.state() == DeliveryRecord.State.DELIVERED);
        assertThat(record.copies()).isEqualTo(2);
        assertThat(record.acknowledgedCopies()).isEqualTo(2);
        assertThat(received).containsExactly("n7", "n7");
    }

    @Test
    void aCopyQueuedWhileShuttingDownIsGivenUp() {
        DeliveryRecord record = new DeliveryRecord();
        scheduler.close();

        delivery(3).sendInLane("trade-3", sent("n8", record), 0);

        assertThat(record.state()).isEqualTo(DeliveryRecord.State.GAVE_UP);
        assertThat(received).isEmpty();
    }

    @Test
    void holdingAndDroppingAreWhatTheRecordSaysFirst() {
        DeliveryRecord record = new DeliveryRecord();
        assertThat(record.state()).isEqualTo(DeliveryRecord.State.SENDING);
        record.hold();
        assertThat(record.state()).isEqualTo(DeliveryRecord.State.HELD);
        record.release();
        assertThat(record.state()).isEqualTo(DeliveryRecord.State.SENDING);
        record.hold();
        record.drop();
        assertThat(record.state()).isEqualTo(DeliveryRecord.State.DROPPED);
    }

    /** Gives up after {@code maxAttempts}, pausing 20 ms between attempts. */
    private NotificationDelivery delivery(int maxAttempts) {
        return new NotificationDelivery(scheduler, Duration.ofSeconds(2), RULE,
                attempt -> attempt >= maxAttempts ? OptionalLong.empty() : OptionalLong.of(20));
    }

    private void script(String id, Integer... statuses) {
        scripts.put(id, new ArrayDeque<>(Arrays.asList(statuses)));
    }

    private void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            String id = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            CountDownLatch gate = gates.get(id);
            if (gate != null) {
                try {
                    gate.await(5, TimeUnit.SECONDS);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
            received.add(id);
            Integer status = Optional.ofNullable(scripts.get(id)).map(Deque::pollFirst).orElse(200);
            byte[] body = (status == 200 ? "ok" : status == 400 ? "never" : "later").getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, body.length);
            exchange.getResponseBody().write(body);
        }
    }

    /** A notification whose body is its id. */
    private NotificationDelivery.Notification sent(String id, DeliveryRecord record) {
        return new NotificationDelivery.Notification("notification " + id, record, () -> Optional.of(request(id)));
    }

    private HttpRequest request(String id) {
        URI url = merchant.url("/notify");
        return HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(5))
                .POST(HttpRequest.BodyPublishers.ofString(id)).build();
    }
}
