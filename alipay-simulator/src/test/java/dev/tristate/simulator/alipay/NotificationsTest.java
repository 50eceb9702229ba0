package dev.tristate.simulator.alipay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.alipay.api.internal.util.AlipaySignature;
import com.alipay.api.request.AlipayTradeQueryRequest;
import dev.tristate.simulatortest.alipay.FormReceiver.Received;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Notifications: Alipay's parameters and signature, its resend schedule, and the misbehaviour switches. */
class NotificationsTest extends AlipaySimulatorIntegrationBase {

    private static final Duration WAIT = Duration.ofSeconds(15);

    @Test
    void aPaymentIsNotifiedWithAlipaysParametersSignedAsAlipaySignsThem() throws Exception {
        String trade = paidTrade("19.99");

        Received notification = await().atMost(WAIT).until(() -> receiver.forTrade(trade), list -> !list.isEmpty())
                .get(0);

        assertThat(notification.params()).containsEntry("notify_type", "trade_status_sync")
                .containsEntry("app_id", APP_ID).containsEntry("seller_id", SELLER_ID)
                .containsEntry("trade_status", "TRADE_SUCCESS").containsEntry("total_amount", "19.99")
                .containsEntry("trade_no", simulator.tradeNo(APP_ID, trade)).containsEntry("charset", "utf-8")
                .containsEntry("version", "1.0").containsEntry("sign_type", "RSA2")
                .containsKeys("notify_id", "notify_time", "gmt_payment", "sign");
        assertThat(AlipaySignature.rsaCheckV1(new HashMap<>(notification.params()), simulator.alipayPublicKey(),
                "UTF-8", "RSA2")).isTrue();
        assertThat(AlipaySignature.rsaCheckV1(new HashMap<>(notification.params()), publicKey(rsa()), "UTF-8",
                "RSA2")).isFalse();
    }

    @Test
    void anAnswerOtherThanExactlySuccessIsResentWithTheSameNotifyIdEightTimesInAllOnAlipaysSchedule() {
        String trade = openedTrade("1.00");
        receiver.script(trade, "fail", "SUCCESS", " success", "failure", "", "fail", "fail", "fail", "fail");
        simulator.pay(APP_ID, trade);

        List<Received> attempts = await().atMost(WAIT).until(() -> receiver.forTrade(trade), list -> list.size() >= 8);
        await().atMost(WAIT).until(() -> simulator.notifications(APP_ID, trade).get(0).state(), "GAVE_UP"::equals);

        assertThat(receiver.forTrade(trade)).hasSize(NotificationSender.MAX_ATTEMPTS);
        assertThat(attempts).extracting(r -> r.params().get("notify_id")).containsOnly(
                attempts.get(0).params().get("notify_id"));
        // 15 h compressed 36000 times is 1.5 s: the last pause is by far the longest, as Alipay's is.
        long lastPause = attempts.get(7).receivedAtNanos() - attempts.get(6).receivedAtNanos();
        long firstPause = attempts.get(1).receivedAtNanos() - attempts.get(0).receivedAtNanos();
        assertThat(Duration.ofNanos(lastPause)).isGreaterThan(Duration.ofMillis(1200));
        assertThat(lastPause).isGreaterThan(firstPause * 5);
        assertThat(NotificationSender.RESEND_AFTER.stream().mapToLong(Duration::toMinutes).sum())
                .isEqualTo(4 + 10 + 10 + 60 + 120 + 360 + 900);
    }

    @Test
    void successStopsTheResends() {
        String trade = openedTrade("1.00");
        receiver.script(trade, "fail", "success");
        simulator.pay(APP_ID, trade);

        await().atMost(WAIT).until(() -> simulator.notifications(APP_ID, trade).get(0).state(), "DELIVERED"::equals);
        assertThat(receiver.forTrade(trade)).hasSize(2);
    }

    @Test
    void duplicatesWrongAmountAndOutOfOrderAreSentAsSwitched() {
        String trade = openedTrade("8.00");
        simulator.behaviour(APP_ID, trade, new Behaviour(2, true, 0, false, false, 1L));
        simulator.pay(APP_ID, trade);

        List<Received> received = await().atMost(WAIT).until(() -> receiver.forTrade(trade), list -> list.size() >= 4);

        assertThat(received.subList(0, 3)).extracting(r -> r.params().get("trade_status")).containsOnly("TRADE_SUCCESS");
        assertThat(received.subList(0, 3)).extracting(r -> r.params().get("total_amount")).containsOnly("0.01");
        assertThat(received.get(3).params()).containsEntry("trade_status", "WAIT_BUYER_PAY")
                .doesNotContainKey("gmt_payment");
        AlipayTradeQueryRequest query = new AlipayTradeQueryRequest();
        query.setBizContent("{\"out_trade_no\":\"" + trade + "\"}");
        assertThat(execute(query).getTotalAmount()).isEqualTo("0.01");
    }

    @Test
    void droppedNotificationsAreNeverSentButTheQueryTellsThePayment() throws Exception {
        String trade = openedTrade("2.00");
        simulator.behaviour(APP_ID, trade, new Behaviour(0, false, 0, true, false, null));
        simulator.pay(APP_ID, trade);

        Thread.sleep(300);
        assertThat(receiver.forTrade(trade)).isEmpty();
        assertThat(simulator.notifications(APP_ID, trade)).extracting(NotificationView::state).containsExactly("DROPPED");
        AlipayTradeQueryRequest query = new AlipayTradeQueryRequest();
        query.setBizContent("{\"out_trade_no\":\"" + trade + "\"}");
        assertThat(execute(query).getTradeStatus()).isEqualTo("TRADE_SUCCESS");
    }

    @Test
    void theSwitchesAreSettableOverHttpWithTheControlTokenOnly() throws Exception {
        String trade = openedTrade("2.00");
        HttpClient http = HttpClient.newHttpClient();
        String url = "http://127.0.0.1:" + port + "/simulators/alipay/control/apps/" + APP_ID + "/trades/" + trade
                + "/behaviour";
        HttpRequest.Builder put = HttpRequest.newBuilder(URI.create(url))
                .PUT(HttpRequest.BodyPublishers.ofString("{\"duplicates\":3,\"drop_notifications\":true}"));

        assertThat(http.send(put.build(), HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(401);
        assertThat(simulator.behaviour(APP_ID, trade)).isEqualTo(Behaviour.NONE);
        HttpResponse<String> set = http.send(put.header("Alipay-Simulator-Token", "control-token-for-tests").build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(set.statusCode()).isEqualTo(200);
        assertThat(simulator.behaviour(APP_ID, trade)).isEqualTo(new Behaviour(3, false, 0, true, false, null));
        HttpResponse<String> fault = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                        + "/simulators/alipay/control/apps/" + APP_ID + "/faults/alipay.trade.refund"))
                .header("Alipay-Simulator-Token", "control-token-for-tests")
                .PUT(HttpRequest.BodyPublishers.ofString("{\"code\":\"40004\",\"sub_code\":\"ACQ.SYSTEM_ERROR\","
                        + "\"act_first\":true}")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(fault.statusCode()).isEqualTo(200);
    }
}
