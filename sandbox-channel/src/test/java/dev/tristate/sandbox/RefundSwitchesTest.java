package dev.tristate.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The refund switches: refund_fail, refund_processing (with refund_settle_ms), refund_timeout, refund_query_timeout. */
class RefundSwitchesTest extends SandboxChannelIntegrationBase {

    @Test
    void refundFailRefusesNewRefundsWithAReasonAndARefusalTakesNothingFromTheAmount() {
        String outTradeNo = paidTrade(1999);
        behaviour(outTradeNo, "{\"refund_fail\":true}");

        HttpResponse<String> refused = refund(outTradeNo, "rf_1", 1999);

        assertThat(refused.statusCode()).isEqualTo(200);
        assertThat(parse(refused.body())).containsEntry("refund_status", "FAILED");
        assertThat((String) parse(refused.body()).get("fail_reason")).startsWith("REFUND_REFUSED");
        assertThat(parse(get("/sandbox-channel/trades/" + outTradeNo + "/refunds/rf_1").body()))
                .containsEntry("refund_status", "FAILED");
        behaviour(outTradeNo, "{}");
        assertThat(refundStatus(refund(outTradeNo, "rf_2", 1999))).isEqualTo("SUCCESS");
        assertThat(parse(get("/sandbox-channel/trades/" + outTradeNo).body())).containsEntry("refunded_minor", 1999);
    }

    @Test
    void refundProcessingAnswersProcessingCountsAgainstTheAmountAndSucceedsAtTheNextQuery() {
        String outTradeNo = paidTrade(1999);
        behaviour(outTradeNo, "{\"refund_processing\":true,\"refund_settle_ms\":0}");

        HttpResponse<String> accepted = refund(outTradeNo, "rf_1", 1500);

        assertThat(refundStatus(accepted)).isEqualTo("PROCESSING");
        assertThat(refundStatus(refund(outTradeNo, "rf_1", 1500))).as("asked again: still the same refund")
                .isEqualTo("PROCESSING");
        assertThat((String) parse(refund(outTradeNo, "rf_2", 500).body()).get("fail_reason"))
                .as("a PROCESSING refund counts against the amount").startsWith("REFUND_AMOUNT_EXCEEDED");
        Map<String, Object> trade = parse(get("/sandbox-channel/trades/" + outTradeNo).body());
        assertThat(trade).containsEntry("refunded_minor", 0);
        assertThat(((List<?>) trade.get("refunds")).get(0)).isEqualTo(parse(accepted.body()));

        clock.set(Instant.parse("2030-06-15T11:00:00Z"));
        HttpResponse<String> queried = get("/sandbox-channel/trades/" + outTradeNo + "/refunds/rf_1");

        assertThat(parse(queried.body())).containsEntry("refund_status", "SUCCESS")
                .containsEntry("refund_no", parse(accepted.body()).get("refund_no"))
                .containsEntry("event_time", "2030-06-15T11:00:00.000Z");
        assertThat(parse(get("/sandbox-channel/trades/" + outTradeNo).body())).containsEntry("refunded_minor", 1500);
    }

    @Test
    void refundProcessingSucceedsByItselfAfterTheSettleTime() {
        String outTradeNo = paidTrade(1999);
        behaviour(outTradeNo, "{\"refund_processing\":true,\"refund_settle_ms\":200}");

        assertThat(refundStatus(refund(outTradeNo, "rf_1", 700))).isEqualTo("PROCESSING");

        // The status query does not settle a refund; only the time does here.
        await().atMost(WAIT).until(() -> parse(get("/sandbox-channel/trades/" + outTradeNo).body()),
                trade -> Integer.valueOf(700).equals(trade.get("refunded_minor")));
    }

    @Test
    void refundTimeoutMakesTheRefundButLosesTheAnswer() throws Exception {
        String outTradeNo = paidTrade(1999);
        behaviour(outTradeNo, "{\"refund_timeout\":true}");

        HttpRequest impatient = signed("POST", "/sandbox-channel/trades/" + outTradeNo + "/refunds",
                "{\"out_refund_no\":\"rf_1\",\"amount_minor\":500,\"currency\":\"CNY\"}")
                .timeout(Duration.ofMillis(QUERY_HANG_MS / 4)).build();
        assertThatThrownBy(() -> http.send(impatient, HttpResponse.BodyHandlers.ofString()))
                .isInstanceOf(HttpTimeoutException.class);

        HttpResponse<String> queried = get("/sandbox-channel/trades/" + outTradeNo + "/refunds/rf_1");
        assertThat(parse(queried.body())).containsEntry("refund_status", "SUCCESS");

        long started = System.nanoTime();
        HttpResponse<String> again = refund(outTradeNo, "rf_1", 500);
        assertThat((System.nanoTime() - started) / 1_000_000).isGreaterThanOrEqualTo(QUERY_HANG_MS);
        assertThat(again.body()).isEqualTo(queried.body());
        assertThat(parse(get("/sandbox-channel/trades/" + outTradeNo).body())).containsEntry("refunded_minor", 500);
    }

    @Test
    void refundQueryTimeoutHangsTheRefundQueryOnly() throws Exception {
        String outTradeNo = paidTrade(1999);
        behaviour(outTradeNo, "{\"refund_query_timeout\":true}");

        long refundStarted = System.nanoTime();
        String made = refund(outTradeNo, "rf_1", 500).body();
        assertThat((System.nanoTime() - refundStarted) / 1_000_000).isLessThan(QUERY_HANG_MS);

        HttpRequest impatient = signed("GET", "/sandbox-channel/trades/" + outTradeNo + "/refunds/rf_1", null)
                .timeout(Duration.ofMillis(QUERY_HANG_MS / 4)).build();
        assertThatThrownBy(() -> http.send(impatient, HttpResponse.BodyHandlers.ofString()))
                .isInstanceOf(HttpTimeoutException.class);

        long started = System.nanoTime();
        HttpResponse<String> patient = get("/sandbox-channel/trades/" + outTradeNo + "/refunds/rf_1");
        assertThat((System.nanoTime() - started) / 1_000_000).isGreaterThanOrEqualTo(QUERY_HANG_MS);
        assertThat(patient.body()).isEqualTo(made);
    }

    @Test
    void theRefundSwitchesAreReportedAndReplacedLikeTheOthers() {
        String outTradeNo = paidTrade(1999);

        behaviour(outTradeNo, "{\"refund_timeout\":true,\"refund_processing\":true,\"refund_settle_ms\":50,"
                + "\"refund_fail\":true,\"refund_query_timeout\":true}");

        assertThat(parse(get("/sandbox-channel/trades/" + outTradeNo + "/behaviour").body()))
                .containsEntry("refund_timeout", true).containsEntry("refund_processing", true)
                .containsEntry("refund_settle_ms", 50).containsEntry("refund_fail", true)
                .containsEntry("refund_query_timeout", true).containsEntry("query_timeout", false);
        behaviour(outTradeNo, "{}");
        assertThat(parse(get("/sandbox-channel/trades/" + outTradeNo + "/behaviour").body()))
                .containsEntry("refund_timeout", false).containsEntry("refund_settle_ms", null);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"refund_fail\":\"yes\"}", "{\"refund_settle_ms\":-1}", "{\"refund_settle_ms\":600001}",
            "{\"refund_processing\":1}", "{\"refund_timeouts\":true}"})
    void malformedRefundSwitchesAreInvalid(String switches) {
        String outTradeNo = paidTrade(1999);

        HttpResponse<String> answer = put("/sandbox-channel/trades/" + outTradeNo + "/behaviour", switches);

        assertThat(answer.statusCode()).isEqualTo(400);
        assertThat(parse(answer.body())).containsEntry("code", "INVALID");
    }
}
