package dev.tristate.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.sandboxtest.MutableMerchantDirectory;
import dev.tristate.sandboxtest.NotifyReceiver;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** Requests to the channel are the merchant's: signed, and answered with that merchant's trades only. */
class MerchantRequestsTest extends SandboxChannelIntegrationBase {

    private static final String BAD_SIGNATURE = "{\"code\":\"BAD_SIGNATURE\"}";
    private static final String OTHER = "m-sandbox-other";
    private static final String OTHER_SECRET = "whsec_other_secret";

    @Autowired
    MutableMerchantDirectory directory;

    @Test
    void anUnsignedRefundIs401AndRefundsNothing() {
        String outTradeNo = paidTrade(1999);

        HttpResponse<String> answer = send(unsigned("POST", "/sandbox-channel/trades/" + outTradeNo + "/refunds",
                "{\"out_refund_no\":\"rf_1\",\"amount_minor\":1999,\"currency\":\"CNY\"}"));

        assertThat(answer.statusCode()).isEqualTo(401);
        assertThat(answer.body()).isEqualTo(BAD_SIGNATURE);
        assertThat(parse(get("/sandbox-channel/trades/" + outTradeNo).body())).doesNotContainKey("refunds");
        assertThat(get("/sandbox-channel/trades/" + outTradeNo + "/refunds/rf_1").statusCode()).isEqualTo(404);
    }

    @Test
    void everyEndpointButThePayPageNeedsTheMerchantsSignature() {
        String outTradeNo = registeredTrade();
        List<HttpRequest.Builder> unsigned = List.of(
                unsigned("GET", "/sandbox-channel/statements/2030-06-15", null),
                unsigned("POST", "/sandbox-channel/trades", registration(newOutTradeNo(), MERCHANT, 1, "CNY", "x")),
                unsigned("GET", "/sandbox-channel/trades/" + outTradeNo, null),
                unsigned("POST", "/sandbox-channel/trades/" + outTradeNo + "/events", "{\"status\":\"SUCCESS\"}"),
                unsigned("PUT", "/sandbox-channel/trades/" + outTradeNo + "/behaviour", "{\"duplicates\":3}"),
                unsigned("GET", "/sandbox-channel/trades/" + outTradeNo + "/notifications", null),
                unsigned("GET", "/sandbox-channel/trades/" + outTradeNo + "/refunds/rf_1", null));

        for (HttpRequest.Builder request : unsigned) {
            HttpResponse<String> answer = send(request);
            assertThat(answer.statusCode()).as(answer.request().toString()).isEqualTo(401);
            assertThat(answer.body()).isEqualTo(BAD_SIGNATURE);
        }
        assertThat(send(unsigned("GET", "/sandbox-channel/pay/" + outTradeNo, null)).statusCode()).isEqualTo(200);
        assertThat(parse(get("/sandbox-channel/trades/" + outTradeNo + "/behaviour").body()))
                .containsEntry("duplicates", 0);
        assertThat(notifications(outTradeNo)).isEmpty();
    }

    @Test
    void aWrongSecretAStaleTimeOrAnotherBodyIs401() {
        String outTradeNo = paidTrade(1999);
        String path = "/sandbox-channel/trades/" + outTradeNo + "/refunds";
        String body = "{\"out_refund_no\":\"rf_1\",\"amount_minor\":100,\"currency\":\"CNY\"}";
        long t = clock.instant().getEpochSecond();

        HttpResponse<String> wrongSecret = send(signedAs(MERCHANT, "not-the-secret", "POST", path, body));
        HttpResponse<String> otherBody = send(unsigned("POST", path, body.replace("100", "1999"))
                .header("Sandbox-Merchant", MERCHANT).header("Sandbox-Signature", signature(t, "POST", path, body)));
        HttpResponse<String> otherPath = send(unsigned("POST", path, body)
                .header("Sandbox-Merchant", MERCHANT)
                .header("Sandbox-Signature", signature(t, "POST", "/sandbox-channel/trades/other/refunds", body)));
        HttpResponse<String> stale = send(unsigned("POST", path, body).header("Sandbox-Merchant", MERCHANT)
                .header("Sandbox-Signature", signature(t - 301, "POST", path, body)));
        HttpResponse<String> noMerchant = send(unsigned("POST", path, body)
                .header("Sandbox-Signature", signature(t, "POST", path, body)));

        for (HttpResponse<String> answer : List.of(wrongSecret, otherBody, otherPath, stale, noMerchant)) {
            assertThat(answer.statusCode()).isEqualTo(401);
            assertThat(answer.body()).isEqualTo(BAD_SIGNATURE);
        }
        assertThat(parse(get("/sandbox-channel/trades/" + outTradeNo).body())).doesNotContainKey("refunds");
        HttpResponse<String> withinTolerance = send(unsigned("POST", path, body).header("Sandbox-Merchant", MERCHANT)
                .header("Sandbox-Signature", signature(t + 299, "POST", path, body)));
        assertThat(refundStatus(withinTolerance)).isEqualTo("SUCCESS");
    }

    @Test
    void oneMatchingV1AmongSeveralSuffices() {
        long t = clock.instant().getEpochSecond();
        String path = "/sandbox-channel/statements/2030-06-15";
        String good = requestHmacHex(SECRET, t, "GET", path, new byte[0]);

        HttpResponse<String> answer = send(unsigned("GET", path, null).header("Sandbox-Merchant", MERCHANT)
                .header("Sandbox-Signature", "t=" + t + ",v1=" + "0".repeat(64) + ",v1=" + good));

        assertThat(answer.statusCode()).isEqualTo(200);
    }

    @Test
    void anotherMerchantsTradeIsNotFoundAndNotInItsStatement() {
        merchants.register(OTHER, List.of(OTHER_SECRET));
        clock.set(Instant.parse("2031-02-03T04:05:06Z"));
        String mine = paidTrade(1999);
        String path = "/sandbox-channel/trades/" + mine;

        List<HttpResponse<String>> byTheOther = List.of(
                send(signedAs(OTHER, OTHER_SECRET, "GET", path, null)),
                send(signedAs(OTHER, OTHER_SECRET, "POST", path + "/refunds",
                        "{\"out_refund_no\":\"rf_x\",\"amount_minor\":1999,\"currency\":\"CNY\"}")),
                send(signedAs(OTHER, OTHER_SECRET, "POST", path + "/events", "{\"status\":\"CLOSED\"}")),
                send(signedAs(OTHER, OTHER_SECRET, "GET", path + "/behaviour", null)),
                send(signedAs(OTHER, OTHER_SECRET, "GET", path + "/notifications", null)),
                send(signedAs(OTHER, OTHER_SECRET, "GET", path + "/refunds/rf_x", null)));
        HttpResponse<String> othersStatement = send(signedAs(OTHER, OTHER_SECRET, "GET",
                "/sandbox-channel/statements/2031-02-03", null));

        for (HttpResponse<String> answer : byTheOther) {
            assertThat(answer.statusCode()).as(answer.request().toString()).isEqualTo(404);
            assertThat(parse(answer.body())).containsEntry("code", "NOT_FOUND");
        }
        assertThat(othersStatement.statusCode()).isEqualTo(200);
        assertThat(othersStatement.body()).doesNotContain(mine)
                .isEqualTo("trade_no,out_trade_no,type,status,amount_minor,currency,event_time\r\n");
        assertThat(get("/sandbox-channel/statements/2031-02-03").body()).contains(mine);
        assertThat(parse(get(path).body())).containsEntry("trade_status", "SUCCESS").doesNotContainKey("refunds");
    }

    @Test
    void aMerchantTheHostAddsOrRotatesWhileRunningIsKnownAtOnce() {
        String merchant = "m-added-" + newOutTradeNo();
        HttpResponse<String> beforeAdded = send(signedAs(merchant, "first", "GET",
                "/sandbox-channel/statements/2030-06-15", null));
        directory.put(merchant, List.of("first"));

        String outTradeNo = newOutTradeNo();
        HttpResponse<String> registered = send(signedAs(merchant, "first", "POST", "/sandbox-channel/trades",
                json(Map.of("out_trade_no", outTradeNo, "amount_minor", 100, "currency", "CNY",
                        "description", "no merchant_id in the body: the header says it"))));
        directory.put(merchant, List.of("second", "first"));
        HttpResponse<String> withTheOlder = send(signedAs(merchant, "first", "POST",
                "/sandbox-channel/trades/" + outTradeNo + "/events", "{\"status\":\"SUCCESS\"}"));
        directory.put(merchant, List.of("second"));
        HttpResponse<String> retired = send(signedAs(merchant, "first", "GET",
                "/sandbox-channel/trades/" + outTradeNo, null));
        HttpResponse<String> withTheNewest = send(signedAs(merchant, "second", "GET",
                "/sandbox-channel/trades/" + outTradeNo, null));

        assertThat(beforeAdded.statusCode()).isEqualTo(401);
        assertThat(registered.statusCode()).as(registered.body()).isEqualTo(201);
        assertThat(withTheOlder.statusCode()).isEqualTo(200);
        assertThat(retired.statusCode()).isEqualTo(401);
        assertThat(withTheNewest.statusCode()).isEqualTo(200);
        NotifyReceiver.Received notification = awaitReceived(outTradeNo, 1).get(0);
        assertThat(new String(notification.body(), StandardCharsets.UTF_8)).contains("\"merchant_id\":\"" + merchant);
        String t = notification.signature().substring(2, notification.signature().indexOf(','));
        assertThat(notification.signature()).endsWith("v1=" + hmacHex("second", t, notification.body()));
    }

    private static String signature(long t, String method, String path, String body) {
        return "t=" + t + ",v1=" + requestHmacHex(SECRET, t, method, path, body.getBytes(StandardCharsets.UTF_8));
    }
}
