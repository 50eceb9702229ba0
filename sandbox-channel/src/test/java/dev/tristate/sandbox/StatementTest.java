package dev.tristate.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Each test uses channel days of its own, since the trade book is shared by the whole test run. */
class StatementTest extends SandboxChannelIntegrationBase {

    @Test
    void aDaysStatementHasOneRowPerTradeWhoseLastChangeHappenedThatDayInUtc() {
        clock.set(Instant.parse("2032-01-10T08:00:00Z"));
        String paid = registeredTrade(1999, "CNY", "A");
        String paidTradeNo = tradeNo(event(paid, "SUCCESS"));
        String processing = registeredTrade(500, "JPY", "B");
        clock.set(Instant.parse("2032-01-10T23:59:59.999Z"));
        String processingTradeNo = tradeNo(event(processing, "PROCESSING"));
        String failedNextDay = registeredTrade(300, "USD", "C");
        event(failedNextDay, "PROCESSING");
        registeredTrade(700, "EUR", "untouched: never on a statement");
        clock.set(Instant.parse("2032-01-11T00:00:00Z"));
        String failedTradeNo = tradeNo(event(failedNextDay, "FAILED"));

        HttpResponse<String> firstDay = get("/sandbox-channel/statements/2032-01-10");
        HttpResponse<String> secondDay = get("/sandbox-channel/statements/2032-01-11");

        assertThat(firstDay.statusCode()).isEqualTo(200);
        assertThat(firstDay.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("text/csv"));
        assertThat(firstDay.body()).isEqualTo(
                "trade_no,out_trade_no,type,status,amount_minor,currency,event_time\r\n"
                        + paidTradeNo + "," + paid + ",PAYMENT,SUCCESS,1999,CNY,2032-01-10T08:00:00.000Z\r\n"
                        + processingTradeNo + "," + processing
                        + ",PAYMENT,PROCESSING,500,JPY,2032-01-10T23:59:59.999Z\r\n");
        assertThat(secondDay.body()).isEqualTo(
                "trade_no,out_trade_no,type,status,amount_minor,currency,event_time\r\n"
                        + failedTradeNo + "," + failedNextDay + ",PAYMENT,FAILED,300,USD,2032-01-11T00:00:00.000Z\r\n");
    }

    @Test
    void eachMerchantSeesOnlyItsOwnRows() {
        merchants.register("m-statement-other", List.of("other-secret"));
        clock.set(Instant.parse("2032-03-07T10:00:00Z"));
        String ours = registeredTrade(1999, "CNY", "ours");
        String oursTradeNo = tradeNo(event(ours, "SUCCESS"));

        HttpResponse<String> mine = get("/sandbox-channel/statements/2032-03-07");
        HttpResponse<String> someoneElses = send(signedAs("m-statement-other", "other-secret", "GET",
                "/sandbox-channel/statements/2032-03-07?merchant_id=" + MERCHANT, null));

        assertThat(mine.body()).isEqualTo("trade_no,out_trade_no,type,status,amount_minor,currency,event_time\r\n"
                + oursTradeNo + "," + ours + ",PAYMENT,SUCCESS,1999,CNY,2032-03-07T10:00:00.000Z\r\n");
        assertThat(someoneElses.body())
                .isEqualTo("trade_no,out_trade_no,type,status,amount_minor,currency,event_time\r\n");
    }

    @Test
    void eachSuccessfulRefundIsARefundRowOfTheDayItSucceeded() {
        clock.set(Instant.parse("2032-05-01T10:00:00Z"));
        String paid = paidTrade(1999);
        String paidTradeNo = (String) parse(get("/sandbox-channel/trades/" + paid).body()).get("trade_no");
        clock.set(Instant.parse("2032-05-01T12:00:00Z"));
        String sameDay = refundNo(refund(paid, "rf_1", 500));
        clock.set(Instant.parse("2032-05-02T01:00:00Z"));
        String nextDay = refundNo(refund(paid, "rf_2", 300));
        assertThat(refundStatus(refund(paid, "rf_3", 5000))).as("refused: no row").isEqualTo("FAILED");
        behaviour(paid, "{\"refund_processing\":true,\"refund_settle_ms\":0}");
        String settledLater = refundNo(refund(paid, "rf_4", 100));
        String beforeSettling = get("/sandbox-channel/statements/2032-05-02").body();
        clock.set(Instant.parse("2032-05-03T00:00:01Z"));
        get("/sandbox-channel/trades/" + paid + "/refunds/rf_4");

        String header = "trade_no,out_trade_no,type,status,amount_minor,currency,event_time\r\n";
        assertThat(get("/sandbox-channel/statements/2032-05-01").body()).isEqualTo(header
                + paidTradeNo + "," + paid + ",PAYMENT,SUCCESS,1999,CNY,2032-05-01T10:00:00.000Z\r\n"
                + sameDay + "," + paid + ",REFUND,SUCCESS,500,CNY,2032-05-01T12:00:00.000Z\r\n");
        String secondDay = header + nextDay + "," + paid + ",REFUND,SUCCESS,300,CNY,2032-05-02T01:00:00.000Z\r\n";
        assertThat(beforeSettling).as("a PROCESSING refund has no row").isEqualTo(secondDay);
        assertThat(get("/sandbox-channel/statements/2032-05-02").body()).isEqualTo(secondDay);
        assertThat(get("/sandbox-channel/statements/2032-05-03").body()).isEqualTo(header
                + settledLater + "," + paid + ",REFUND,SUCCESS,100,CNY,2032-05-03T00:00:01.000Z\r\n");
    }

    @Test
    void aDayWithoutTradesHasOnlyTheHeader() {
        HttpResponse<String> answer = get("/sandbox-channel/statements/1999-12-31");

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.body()).isEqualTo("trade_no,out_trade_no,type,status,amount_minor,currency,event_time\r\n");
    }

    @ParameterizedTest
    @ValueSource(strings = {"2032-02-30", "20320110", "2032-1-10", "yesterday"})
    void aMalformedDayIsInvalid(String day) {
        HttpResponse<String> answer = get("/sandbox-channel/statements/" + day);

        assertThat(answer.statusCode()).isEqualTo(400);
        assertThat(parse(answer.body())).containsEntry("code", "INVALID");
    }

    private static String refundNo(HttpResponse<String> refundAnswer) {
        return (String) parse(refundAnswer.body()).get("refund_no");
    }

    private static String tradeNo(HttpResponse<String> eventAnswer) {
        return (String) parse(eventAnswer.body()).get("trade_no");
    }
}
