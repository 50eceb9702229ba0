package dev.tristate.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Refunds and their query, without fault switches (see {@link RefundSwitchesTest}). */
class RefundTest extends SandboxChannelIntegrationBase {

    @Test
    void aPaidTradeIsRefundedAndAnsweredWithExactlyTheRefundsFields() {
        String outTradeNo = paidTrade(1999);
        clock.set(Instant.parse("2030-06-16T09:00:00.456789Z"));

        HttpResponse<String> answer = refund(outTradeNo, "rf_1", 500);

        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        assertThat(answer.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/json"));
        Map<String, Object> refund = parse(answer.body());
        assertThat((String) refund.get("refund_no")).matches("SBR\\d{20}");
        assertThat(refund).containsExactly(
                Map.entry("out_trade_no", outTradeNo),
                Map.entry("out_refund_no", "rf_1"),
                Map.entry("refund_no", refund.get("refund_no")),
                Map.entry("refund_status", "SUCCESS"),
                Map.entry("amount_minor", 500),
                Map.entry("currency", "CNY"),
                Map.entry("event_time", "2030-06-16T09:00:00.456Z"));
    }

    @Test
    void theRefundQueryAnswersTheSameJsonAnd404ForARefundNeverSeen() {
        String outTradeNo = paidTrade(1999);
        String made = refund(outTradeNo, "rf_1", 500).body();

        HttpResponse<String> queried = get("/sandbox-channel/trades/" + outTradeNo + "/refunds/rf_1");
        HttpResponse<String> ofTheMerchant = get("/sandbox-channel/trades/" + outTradeNo
                + "/refunds/rf_1?merchant_id=" + MERCHANT);
        HttpResponse<String> neverSeen = get("/sandbox-channel/trades/" + outTradeNo + "/refunds/rf_2");
        HttpResponse<String> unknownTrade = get("/sandbox-channel/trades/" + newOutTradeNo() + "/refunds/rf_1");
        HttpResponse<String> otherMerchant = get("/sandbox-channel/trades/" + outTradeNo
                + "/refunds/rf_1?merchant_id=m-nobody");

        assertThat(queried.statusCode()).isEqualTo(200);
        assertThat(queried.body()).isEqualTo(made);
        assertThat(ofTheMerchant.body()).isEqualTo(made);
        for (HttpResponse<String> notFound : List.of(neverSeen, unknownTrade, otherMerchant)) {
            assertThat(notFound.statusCode()).isEqualTo(404);
            assertThat(parse(notFound.body())).containsEntry("code", "NOT_FOUND");
        }
    }

    @Test
    void theSameOutRefundNoAgainAnswersTheSameRefundAndRefundsOnlyOnce() {
        String outTradeNo = paidTrade(1999);
        HttpResponse<String> first = refund(outTradeNo, "rf_1", 500);
        clock.set(Instant.parse("2030-06-17T00:00:00Z"));

        HttpResponse<String> again = post("/sandbox-channel/trades/" + outTradeNo + "/refunds",
                "{\"out_refund_no\":\"rf_1\",\"amount_minor\":500,\"currency\":\"CNY\",\"reason\":\"asked twice\"}");

        assertThat(again.statusCode()).isEqualTo(200);
        assertThat(again.body()).isEqualTo(first.body());
        Map<String, Object> trade = parse(get("/sandbox-channel/trades/" + outTradeNo).body());
        assertThat(trade).containsEntry("refunded_minor", 500);
        assertThat((List<?>) trade.get("refunds")).hasSize(1);
    }

    @Test
    void concurrentRefundsNeverRefundTwiceNorBeyondTheAmount() {
        String outTradeNo = paidTrade(1999);
        String body = "{\"out_refund_no\":\"rf_same\",\"amount_minor\":500,\"currency\":\"CNY\"}";

        List<String> sameRefund = IntStream.range(0, 8).mapToObj(i -> http.sendAsync(
                        signed("POST", "/sandbox-channel/trades/" + outTradeNo + "/refunds", body).build(),
                        HttpResponse.BodyHandlers.ofString()))
                .toList().stream().map(CompletableFuture::join).map(HttpResponse::body).toList();
        List<String> statuses = IntStream.range(0, 8).mapToObj(i -> http.sendAsync(
                        signed("POST", "/sandbox-channel/trades/" + outTradeNo + "/refunds", "{\"out_refund_no\":\"rf_"
                                + i + "\",\"amount_minor\":500,\"currency\":\"CNY\"}").build(),
                        HttpResponse.BodyHandlers.ofString()))
                .toList().stream().map(CompletableFuture::join).map(SandboxChannelIntegrationBase::refundStatus).toList();

        assertThat(sameRefund).containsOnly(sameRefund.get(0));
        assertThat(statuses).filteredOn("SUCCESS"::equals).hasSize(2);
        assertThat(statuses).filteredOn("FAILED"::equals).hasSize(6);
        assertThat(parse(get("/sandbox-channel/trades/" + outTradeNo).body())).containsEntry("refunded_minor", 1500);
    }

    @Test
    void anotherAmountOrCurrencyUnderAKnownOutRefundNoIsAConflictAndChangesNothing() {
        String outTradeNo = paidTrade(1999);
        String first = refund(outTradeNo, "rf_1", 500).body();

        HttpResponse<String> otherAmount = refund(outTradeNo, "rf_1", 600);
        HttpResponse<String> otherCurrency = post("/sandbox-channel/trades/" + outTradeNo + "/refunds",
                "{\"out_refund_no\":\"rf_1\",\"amount_minor\":500,\"currency\":\"USD\"}");

        for (HttpResponse<String> conflict : List.of(otherAmount, otherCurrency)) {
            assertThat(conflict.statusCode()).isEqualTo(409);
            assertThat(parse(conflict.body())).containsEntry("code", "CONFLICT");
            assertThat((String) parse(conflict.body()).get("message")).contains("rf_1");
        }
        assertThat(get("/sandbox-channel/trades/" + outTradeNo + "/refunds/rf_1").body()).isEqualTo(first);
        assertThat(parse(get("/sandbox-channel/trades/" + outTradeNo).body())).containsEntry("refunded_minor", 500);
    }

    @Test
    void refundsBeyondTheTradeAmountAreRefusedNotErrors() {
        String outTradeNo = paidTrade(1999);
        assertThat(refundStatus(refund(outTradeNo, "rf_1", 1500))).isEqualTo("SUCCESS");

        HttpResponse<String> tooMuch = refund(outTradeNo, "rf_2", 500);

        assertThat(tooMuch.statusCode()).isEqualTo(200);
        assertThat(parse(tooMuch.body())).containsEntry("refund_status", "FAILED");
        assertThat((String) parse(tooMuch.body()).get("fail_reason"))
                .startsWith("REFUND_AMOUNT_EXCEEDED").contains("499");
        assertThat(refundStatus(refund(outTradeNo, "rf_3", 499))).isEqualTo("SUCCESS");
        assertThat(refundStatus(refund(outTradeNo, "rf_4", 1))).isEqualTo("FAILED");
        assertThat(refundStatus(refund(outTradeNo, "rf_2", 500))).as("a refused refund stays refused").isEqualTo("FAILED");
        assertThat(parse(get("/sandbox-channel/trades/" + outTradeNo).body())).containsEntry("refunded_minor", 1999);
    }

    @Test
    void aTradeThatIsNotPaidIsRefused() {
        String untouched = registeredTrade();
        String processing = registeredTrade();
        event(processing, "PROCESSING");
        String closed = registeredTrade();
        event(closed, "CLOSED");

        for (String outTradeNo : List.of(untouched, processing, closed)) {
            HttpResponse<String> answer = refund(outTradeNo, "rf_1", 100);
            assertThat(answer.statusCode()).isEqualTo(200);
            assertThat(parse(answer.body())).containsEntry("refund_status", "FAILED");
            assertThat((String) parse(answer.body()).get("fail_reason")).startsWith("TRADE_NOT_PAID");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{\"amount_minor\":100,\"currency\":\"CNY\"}",
            "{\"out_refund_no\":\"has space\",\"amount_minor\":100,\"currency\":\"CNY\"}",
            "{\"out_refund_no\":\"\",\"amount_minor\":100,\"currency\":\"CNY\"}",
            "{\"out_refund_no\":7,\"amount_minor\":100,\"currency\":\"CNY\"}",
            "{\"out_refund_no\":\"rf_x\",\"currency\":\"CNY\"}",
            "{\"out_refund_no\":\"rf_x\",\"amount_minor\":0,\"currency\":\"CNY\"}",
            "{\"out_refund_no\":\"rf_x\",\"amount_minor\":-5,\"currency\":\"CNY\"}",
            "{\"out_refund_no\":\"rf_x\",\"amount_minor\":\"100\",\"currency\":\"CNY\"}",
            "{\"out_refund_no\":\"rf_x\",\"amount_minor\":1.5,\"currency\":\"CNY\"}",
            "{\"out_refund_no\":\"rf_x\",\"amount_minor\":100,\"currency\":\"cny\"}",
            "{\"out_refund_no\":\"rf_x\",\"amount_minor\":100,\"currency\":\"QQQ\"}",
            "{\"out_refund_no\":\"rf_x\",\"amount_minor\":100}",
            "{\"out_refund_no\":\"rf_x\",\"amount_minor\":100,\"currency\":\"USD\"}",
            "{\"out_refund_no\":\"rf_x\",\"amount_minor\":100,\"currency\":\"CNY\",\"reason\":5}",
            "{\"out_refund_no\":\"rf_x\",\"amount_minor\":100,\"currency\":\"CNY\",\"merchant_id\":5}",
            "[]", "not json", ""})
    void badInputIsInvalidAndRefundsNothing(String body) {
        String outTradeNo = paidTrade(1999);

        HttpResponse<String> answer = post("/sandbox-channel/trades/" + outTradeNo + "/refunds", body);

        assertThat(answer.statusCode()).isEqualTo(400);
        assertThat(parse(answer.body())).containsEntry("code", "INVALID").containsKey("message");
        assertThat(parse(get("/sandbox-channel/trades/" + outTradeNo).body())).doesNotContainKey("refunds");
    }

    @Test
    void aReasonLongerThan256CharactersIsInvalid() {
        String outTradeNo = paidTrade(1999);

        HttpResponse<String> answer = post("/sandbox-channel/trades/" + outTradeNo + "/refunds",
                json(Map.of("out_refund_no", "rf_1", "amount_minor", 1, "currency", "CNY", "reason", "r".repeat(257))));

        assertThat(answer.statusCode()).isEqualTo(400);
        assertThat((String) parse(answer.body()).get("message")).contains("reason");
    }

    @Test
    void anUnknownTradeOrAnotherMerchantsTradeIsNotFound() {
        String outTradeNo = paidTrade(1999);

        HttpResponse<String> unknown = refund(newOutTradeNo(), "rf_1", 100);
        HttpResponse<String> otherMerchant = post("/sandbox-channel/trades/" + outTradeNo + "/refunds",
                "{\"out_refund_no\":\"rf_1\",\"amount_minor\":100,\"currency\":\"CNY\",\"merchant_id\":\"m-nobody\"}");
        HttpResponse<String> sameMerchant = post("/sandbox-channel/trades/" + outTradeNo + "/refunds",
                "{\"out_refund_no\":\"rf_2\",\"amount_minor\":100,\"currency\":\"CNY\",\"merchant_id\":\""
                        + MERCHANT + "\"}");

        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat(parse(unknown.body())).containsEntry("code", "NOT_FOUND");
        assertThat(otherMerchant.statusCode()).isEqualTo(404);
        assertThat(sameMerchant.statusCode()).isEqualTo(200);
        assertThat(get("/sandbox-channel/trades/" + outTradeNo + "/refunds/rf_1").statusCode()).isEqualTo(404);
    }

    @Test
    @SuppressWarnings("unchecked")
    void theStatusQueryKeepsTheContractsFieldsAndAddsTheRefunds() {
        String outTradeNo = paidTrade(1999);
        String tradeNo = (String) parse(get("/sandbox-channel/trades/" + outTradeNo).body()).get("trade_no");
        Map<String, Object> first = parse(refund(outTradeNo, "rf_1", 500).body());
        Map<String, Object> refused = parse(refund(outTradeNo, "rf_2", 5000).body());

        Map<String, Object> trade = parse(get("/sandbox-channel/trades/" + outTradeNo).body());

        assertThat(trade).containsEntry("out_trade_no", outTradeNo).containsEntry("trade_no", tradeNo)
                .containsEntry("trade_status", "SUCCESS").containsEntry("amount_minor", 1999)
                .containsEntry("currency", "CNY").containsEntry("event_time", "2030-06-15T10:15:30.123Z")
                .containsEntry("refunded_minor", 500);
        assertThat((List<Object>) trade.get("refunds")).containsExactly(first, refused);
    }
}
