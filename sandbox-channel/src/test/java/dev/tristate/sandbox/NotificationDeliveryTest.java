package dev.tristate.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.simulator.kit.testing.MutableClock;
import dev.tristate.sandboxtest.NotifyReceiver.Answer;
import dev.tristate.sandboxtest.NotifyReceiver.Received;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class NotificationDeliveryTest extends SandboxChannelIntegrationBase {

    private static final String NOW = "2030-06-15T10:15:30.123Z";

    @Test
    void payingOnThePageSendsOneSignedSuccessNotificationWithTheContractsFields() {
        String outTradeNo = registeredTrade(1999, "CNY", "Premium");

        HttpResponse<String> submitted = submitPayForm(outTradeNo, "pay");

        assertThat(submitted.statusCode()).isEqualTo(303);
        Received notification = awaitReceived(outTradeNo, 1).get(0);
        assertThat(notification.method()).isEqualTo("POST");
        assertThat(notification.path()).isEqualTo("/callbacks/sandbox");
        assertThat(notification.contentType()).isEqualTo("application/json");
        assertSignedWith(SECRET, notification, MutableClock.DEFAULT_START.getEpochSecond());
        assertThat(notification.json()).containsOnlyKeys("notify_id", "merchant_id", "out_trade_no", "trade_no",
                "trade_status", "amount_minor", "currency", "event_time");
        assertThat(notification.field("notify_id")).hasSizeBetween(1, 64);
        assertThat(notification.json())
                .containsEntry("merchant_id", MERCHANT)
                .containsEntry("out_trade_no", outTradeNo)
                .containsEntry("trade_status", "SUCCESS")
                .containsEntry("amount_minor", 1999)
                .containsEntry("currency", "CNY")
                .containsEntry("event_time", NOW);
        assertThat(notification.field("trade_no")).matches("SBX\\d{20}");
        assertThat(settledNotifications(outTradeNo)).singleElement()
                .satisfies(n -> assertThat(n).containsEntry("state", "DELIVERED").containsEntry("attempts", 1));
    }

    @Test
    void theEventsApiSendsProcessingThenSuccessInThatOrderWithOneNotifyIdEach() {
        String outTradeNo = registeredTrade(250, "USD", "Tea");

        Map<String, Object> processing = parse(event(outTradeNo, "PROCESSING").body());
        Map<String, Object> success = parse(event(outTradeNo, "SUCCESS").body());

        assertThat(processing).containsEntry("trade_status", "PROCESSING").containsEntry("changed", true)
                .containsEntry("event_time", NOW);
        assertThat(success).containsEntry("trade_status", "SUCCESS").containsEntry("changed", true)
                .containsEntry("trade_no", processing.get("trade_no"));
        List<Received> received = awaitReceived(outTradeNo, 2);
        assertThat(received).extracting(r -> r.field("trade_status")).containsExactly("PROCESSING", "SUCCESS");
        assertThat(received).extracting(r -> r.field("trade_no")).containsOnly((String) processing.get("trade_no"));
        assertThat(received.get(0).field("notify_id")).isNotEqualTo(received.get(1).field("notify_id"));
        received.forEach(r -> assertSignedWith(SECRET, r, MutableClock.DEFAULT_START.getEpochSecond()));
    }

    @Test
    void changingToTheStatusATradeAlreadyHasSendsNothingNew() {
        String outTradeNo = registeredTrade();
        event(outTradeNo, "SUCCESS");

        Map<String, Object> again = parse(event(outTradeNo, "SUCCESS").body());

        assertThat(again).containsEntry("changed", false).containsEntry("trade_status", "SUCCESS");
        assertThat(settledNotifications(outTradeNo)).hasSize(1);
        assertThat(receiver.forTrade(outTradeNo)).hasSize(1);
    }

    @Test
    void aNotificationIsResentUnchangedWithGrowingPausesUntilAcknowledgedAndThenNoMore() {
        String outTradeNo = registeredTrade();
        receiver.script(outTradeNo,
                Answer.status(503, "{\"code\":\"RETRY\"}"),
                Answer.status(500, "<html>oops</html>"),
                Answer.brokenConnection(),
                Answer.status(200, "{\"code\":\"FAIL\"}"));

        event(outTradeNo, "SUCCESS");

        List<Map<String, Object>> settled = settledNotifications(outTradeNo);
        assertThat(settled).singleElement().satisfies(n -> assertThat(n)
                .containsEntry("state", "DELIVERED").containsEntry("attempts", MAX_ATTEMPTS)
                .containsEntry("acknowledged_copies", 1));
        List<Received> received = receiver.forTrade(outTradeNo);
        assertThat(received).hasSize(MAX_ATTEMPTS);
        assertThat(received).extracting(Received::bodyText).containsOnly(received.get(0).bodyText());
        received.forEach(r -> assertSignedWith(SECRET, r, MutableClock.DEFAULT_START.getEpochSecond()));
        for (int attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
            long pauseMs = (received.get(attempt).receivedAtNanos() - received.get(attempt - 1).receivedAtNanos())
                    / 1_000_000;
            assertThat(pauseMs).as("pause after attempt %d", attempt).isGreaterThanOrEqualTo(20L << (attempt - 1));
        }
    }

    @Test
    void theChannelGivesUpAfterTheLastAttempt() {
        String outTradeNo = registeredTrade();
        Answer[] refusals = new Answer[MAX_ATTEMPTS + 2];
        java.util.Arrays.fill(refusals, Answer.status(503, "{\"code\":\"RETRY\"}"));
        receiver.script(outTradeNo, refusals);

        event(outTradeNo, "FAILED");

        assertThat(settledNotifications(outTradeNo)).singleElement().satisfies(n -> assertThat(n)
                .containsEntry("state", "GAVE_UP").containsEntry("attempts", MAX_ATTEMPTS)
                .containsEntry("acknowledged_copies", 0));
        assertThat(receiver.forTrade(outTradeNo)).hasSize(MAX_ATTEMPTS);
    }

    @Test
    void anAnswerThatTakesLongerThanTheRequestTimeoutIsRetried() {
        String outTradeNo = registeredTrade();
        receiver.script(outTradeNo, Answer.after(new CountDownLatch(1), REQUEST_TIMEOUT_MS * 3));

        event(outTradeNo, "CLOSED");

        assertThat(settledNotifications(outTradeNo)).singleElement().satisfies(n -> assertThat(n)
                .containsEntry("state", "DELIVERED").containsEntry("attempts", 2));
    }

    @Test
    void anInvalidAnswerIsNotResentAsIs() {
        String outTradeNo = registeredTrade();
        receiver.script(outTradeNo, Answer.status(400, "{\"code\":\"INVALID\",\"message\":\"bad\"}"));

        event(outTradeNo, "SUCCESS");

        assertThat(settledNotifications(outTradeNo)).singleElement().satisfies(n -> assertThat(n)
                .containsEntry("state", "REJECTED").containsEntry("attempts", 1));
        assertThat(receiver.forTrade(outTradeNo)).hasSize(1);
    }

    @Test
    void theRequestThatChangedTheStatusDoesNotWaitForTheNotification() {
        String outTradeNo = registeredTrade();
        CountDownLatch answerHeld = new CountDownLatch(1);
        receiver.script(outTradeNo, Answer.after(answerHeld, 5_000));

        HttpResponse<String> answer = event(outTradeNo, "SUCCESS");

        try {
            assertThat(answer.statusCode()).isEqualTo(200);
            awaitReceived(outTradeNo, 1);
            assertThat(answerHeld.getCount()).as("the notification is still unanswered").isEqualTo(1);
        } finally {
            answerHeld.countDown();
        }
    }

    @Test
    void afterARotationTheChannelSignsWithTheNewestSecret() {
        String merchant = "m-rotating";
        merchants.register(merchant, List.of("old-secret-0123456789"));
        String before = newOutTradeNo();
        send(signedAs(merchant, "old-secret-0123456789", "POST", "/sandbox-channel/trades",
                registration(before, merchant, 100, "EUR", "")));
        send(signedAs(merchant, "old-secret-0123456789", "POST", "/sandbox-channel/trades/" + before + "/events",
                "{\"status\":\"SUCCESS\"}"));
        Received signedBefore = awaitReceived(before, 1).get(0);

        merchants.register(merchant, List.of("new-secret-0123456789", "old-secret-0123456789"));
        clock.set(Instant.parse("2030-06-15T11:00:00Z"));
        String after = newOutTradeNo();
        send(signedAs(merchant, "old-secret-0123456789", "POST", "/sandbox-channel/trades",
                registration(after, merchant, 100, "EUR", "")));
        send(signedAs(merchant, "new-secret-0123456789", "POST", "/sandbox-channel/trades/" + after + "/events",
                "{\"status\":\"SUCCESS\"}"));
        Received signedAfter = awaitReceived(after, 1).get(0);

        assertSignedWith("old-secret-0123456789", signedBefore, MutableClock.DEFAULT_START.getEpochSecond());
        assertSignedWith("new-secret-0123456789", signedAfter, Instant.parse("2030-06-15T11:00:00Z").getEpochSecond());
    }
}
