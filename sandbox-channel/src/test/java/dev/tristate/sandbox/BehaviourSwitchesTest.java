package dev.tristate.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.sandboxtest.NotifyReceiver.Received;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BehaviourSwitchesTest extends SandboxChannelIntegrationBase {

    @Test
    void switchesAreOffUntilSetAndAPutReplacesThemAll() {
        String outTradeNo = registeredTrade();
        Map<String, Object> off = new LinkedHashMap<>();
        off.put("duplicates", 0);
        off.put("out_of_order", false);
        off.put("delay_ms", 0);
        off.put("drop_callbacks", false);
        off.put("query_timeout", false);
        off.put("report_amount_minor", null);
        off.put("refund_timeout", false);
        off.put("refund_processing", false);
        off.put("refund_settle_ms", null);
        off.put("refund_fail", false);
        off.put("refund_query_timeout", false);
        assertThat(parse(get("/sandbox-channel/trades/" + outTradeNo + "/behaviour").body())).isEqualTo(off);

        HttpResponse<String> set = put("/sandbox-channel/trades/" + outTradeNo + "/behaviour",
                "{\"duplicates\":2,\"out_of_order\":true,\"report_amount_minor\":7}");
        Map<String, Object> expected = new LinkedHashMap<>(off);
        expected.put("duplicates", 2);
        expected.put("out_of_order", true);
        expected.put("report_amount_minor", 7);
        assertThat(parse(set.body())).isEqualTo(expected);
        assertThat(parse(get("/sandbox-channel/trades/" + outTradeNo + "/behaviour").body())).isEqualTo(expected);

        behaviour(outTradeNo, "{\"delay_ms\":5}");
        Map<String, Object> onlyDelay = new LinkedHashMap<>(off);
        onlyDelay.put("delay_ms", 5);
        assertThat(parse(get("/sandbox-channel/trades/" + outTradeNo + "/behaviour").body())).isEqualTo(onlyDelay);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"duplicate\":1}", "{\"duplicates\":-1}", "{\"duplicates\":1000}",
            "{\"delay_ms\":\"5\"}", "{\"out_of_order\":\"yes\"}", "{\"report_amount_minor\":-5}", "[]", ""})
    void malformedSwitchesAreInvalid(String switches) {
        String outTradeNo = registeredTrade();

        HttpResponse<String> answer = put("/sandbox-channel/trades/" + outTradeNo + "/behaviour", switches);

        assertThat(answer.statusCode()).isEqualTo(400);
        assertThat(parse(answer.body())).containsEntry("code", "INVALID");
    }

    @Test
    void switchesOfAnUnknownTradeAreNotFound() {
        assertThat(get("/sandbox-channel/trades/nope-" + newOutTradeNo() + "/behaviour").statusCode()).isEqualTo(404);
        assertThat(put("/sandbox-channel/trades/nope-" + newOutTradeNo() + "/behaviour", "{}").statusCode())
                .isEqualTo(404);
    }

    @Test
    void duplicatesSendEachNotificationThatManyExtraTimesUnchanged() {
        String outTradeNo = registeredTrade();
        behaviour(outTradeNo, "{\"duplicates\":2}");

        event(outTradeNo, "SUCCESS");

        assertThat(settledNotifications(outTradeNo)).singleElement().satisfies(n -> assertThat(n)
                .containsEntry("copies", 3).containsEntry("acknowledged_copies", 3));
        List<Received> received = receiver.forTrade(outTradeNo);
        assertThat(received).hasSize(3);
        assertThat(received).extracting(Received::bodyText).containsOnly(received.get(0).bodyText());
    }

    @Test
    void outOfOrderHoldsProcessingBackAndDeliversItAfterSuccess() {
        String outTradeNo = registeredTrade();
        behaviour(outTradeNo, "{\"out_of_order\":true}");

        event(outTradeNo, "PROCESSING");
        assertThat(notifications(outTradeNo)).singleElement()
                .satisfies(n -> assertThat(n).containsEntry("state", "HELD").containsEntry("copies", 0));
        event(outTradeNo, "SUCCESS");

        List<Received> received = awaitReceived(outTradeNo, 2);
        assertThat(received).extracting(r -> r.field("trade_status")).containsExactly("SUCCESS", "PROCESSING");
        assertThat(settledNotifications(outTradeNo)).extracting(n -> n.get("state"))
                .containsOnly("DELIVERED");
    }

    @Test
    void outOfOrderSuccessOfATradeThatWasNeverProcessingIsFollowedByALateProcessing() {
        String outTradeNo = registeredTrade();
        behaviour(outTradeNo, "{\"out_of_order\":true}");

        event(outTradeNo, "SUCCESS");

        List<Received> received = awaitReceived(outTradeNo, 2);
        assertThat(received).extracting(r -> r.field("trade_status")).containsExactly("SUCCESS", "PROCESSING");
        assertThat(received.get(1).field("trade_no")).isEqualTo(received.get(0).field("trade_no"));
        assertThat(received.get(1).field("notify_id")).isNotEqualTo(received.get(0).field("notify_id"));
        assertThat(Instant.parse(received.get(1).field("event_time")))
                .isBefore(Instant.parse(received.get(0).field("event_time")));
        assertThat(parse(get("/sandbox-channel/trades/" + outTradeNo).body()))
                .containsEntry("trade_status", "SUCCESS");
    }

    @Test
    void delayPostponesEachDelivery() {
        String outTradeNo = registeredTrade();
        behaviour(outTradeNo, "{\"delay_ms\":300}");

        long changedAt = System.nanoTime();
        event(outTradeNo, "SUCCESS");

        Received received = awaitReceived(outTradeNo, 1).get(0);
        assertThat((received.receivedAtNanos() - changedAt) / 1_000_000).isGreaterThanOrEqualTo(300);
    }

    @Test
    void droppedCallbacksAreNeverSentSoOnlyTheQueryFindsTheResult() {
        String outTradeNo = registeredTrade();
        behaviour(outTradeNo, "{\"drop_callbacks\":true}");

        event(outTradeNo, "SUCCESS");

        assertThat(notifications(outTradeNo)).singleElement().satisfies(n -> assertThat(n)
                .containsEntry("state", "DROPPED").containsEntry("copies", 0).containsEntry("attempts", 0));
        assertThat(parse(get("/sandbox-channel/trades/" + outTradeNo).body()))
                .containsEntry("trade_status", "SUCCESS");
        assertThat(receiver.forTrade(outTradeNo)).isEmpty();
    }

    @Test
    void aReportedAmountReplacesTheRealOneInNotificationQueryAndStatementButNotOnThePayPage() {
        clock.set(Instant.parse("2031-02-03T04:05:06Z"));
        String outTradeNo = registeredTrade(1999, "CNY", "Premium");
        behaviour(outTradeNo, "{\"report_amount_minor\":1}");

        event(outTradeNo, "SUCCESS");

        assertThat(awaitReceived(outTradeNo, 1).get(0).json()).containsEntry("amount_minor", 1);
        assertThat(parse(get("/sandbox-channel/trades/" + outTradeNo).body())).containsEntry("amount_minor", 1);
        assertThat(get("/sandbox-channel/statements/2031-02-03").body())
                .contains("," + outTradeNo + ",PAYMENT,SUCCESS,1,CNY,2031-02-03T04:05:06.000Z\r\n");
        assertThat(get("/sandbox-channel/pay/" + outTradeNo).body()).contains("19.99 CNY");
    }
}
