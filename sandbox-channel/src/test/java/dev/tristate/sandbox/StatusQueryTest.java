package dev.tristate.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StatusQueryTest extends SandboxChannelIntegrationBase {

    @Test
    void aTradeTheChannelNeverHeardOfIsNotFound() {
        HttpResponse<String> answer = get("/sandbox-channel/trades/" + newOutTradeNo());

        assertThat(answer.statusCode()).isEqualTo(404);
        assertThat(parse(answer.body())).containsEntry("code", "NOT_FOUND");
    }

    @Test
    void aRegisteredButUntouchedTradeIsNotFound() {
        String outTradeNo = registeredTrade();

        assertThat(get("/sandbox-channel/trades/" + outTradeNo).statusCode()).isEqualTo(404);
    }

    @Test
    void aPaidTradeIsAnsweredWithExactlyTheContractsFields() {
        String outTradeNo = registeredTrade(1999, "CNY", "Premium");
        String tradeNo = (String) parse(event(outTradeNo, "SUCCESS").body()).get("trade_no");

        HttpResponse<String> answer = get("/sandbox-channel/trades/" + outTradeNo);

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/json"));
        assertThat(parse(answer.body())).containsExactly(
                Map.entry("out_trade_no", outTradeNo),
                Map.entry("trade_no", tradeNo),
                Map.entry("trade_status", "SUCCESS"),
                Map.entry("amount_minor", 1999),
                Map.entry("currency", "CNY"),
                Map.entry("event_time", "2030-06-15T10:15:30.123Z"));
    }

    @Test
    void theQueryReportsTheLatestStatusWithItsTime() {
        String outTradeNo = registeredTrade();
        event(outTradeNo, "PROCESSING");
        assertThat(parse(get("/sandbox-channel/trades/" + outTradeNo).body()))
                .containsEntry("trade_status", "PROCESSING");

        clock.set(Instant.parse("2030-06-15T10:20:00Z"));
        event(outTradeNo, "FAILED");

        assertThat(parse(get("/sandbox-channel/trades/" + outTradeNo).body()))
                .containsEntry("trade_status", "FAILED").containsEntry("event_time", "2030-06-15T10:20:00.000Z");
    }

    @Test
    void successAfterCloseIsAllowedBecauseARealChannelCanMisbehaveSo() {
        String outTradeNo = registeredTrade();
        event(outTradeNo, "CLOSED");

        Map<String, Object> success = parse(event(outTradeNo, "SUCCESS").body());

        assertThat(success).containsEntry("changed", true).containsEntry("trade_status", "SUCCESS");
        assertThat(parse(get("/sandbox-channel/trades/" + outTradeNo).body()))
                .containsEntry("trade_status", "SUCCESS");
        assertThat(awaitReceived(outTradeNo, 2)).extracting(r -> r.field("trade_status"))
                .containsExactly("CLOSED", "SUCCESS");
    }

    @Test
    void withQueryTimeoutTheQueryHangsBeforeItAnswers() throws Exception {
        String outTradeNo = registeredTrade();
        event(outTradeNo, "SUCCESS");
        behaviour(outTradeNo, "{\"query_timeout\":true}");

        HttpRequest impatient = signed("GET", "/sandbox-channel/trades/" + outTradeNo, null)
                .timeout(Duration.ofMillis(QUERY_HANG_MS / 4)).build();
        assertThatThrownBy(() -> http.send(impatient, HttpResponse.BodyHandlers.ofString()))
                .isInstanceOf(HttpTimeoutException.class);

        long started = System.nanoTime();
        HttpResponse<String> patient = get("/sandbox-channel/trades/" + outTradeNo);
        long tookMs = (System.nanoTime() - started) / 1_000_000;

        assertThat(tookMs).isGreaterThanOrEqualTo(QUERY_HANG_MS);
        assertThat(patient.statusCode()).isEqualTo(200);
        assertThat(parse(patient.body())).containsEntry("trade_status", "SUCCESS");
    }

    @Test
    void theEventsApiRejectsAnUnknownStatusAndAnUnknownTrade() {
        String outTradeNo = registeredTrade();

        HttpResponse<String> badStatus = post("/sandbox-channel/trades/" + outTradeNo + "/events",
                "{\"status\":\"PAID\"}");
        HttpResponse<String> unknownTrade = post("/sandbox-channel/trades/" + newOutTradeNo() + "/events",
                "{\"status\":\"SUCCESS\"}");

        assertThat(badStatus.statusCode()).isEqualTo(400);
        assertThat(parse(badStatus.body())).containsEntry("code", "INVALID");
        assertThat(unknownTrade.statusCode()).isEqualTo(404);
        assertThat(get("/sandbox-channel/trades/" + outTradeNo).statusCode()).isEqualTo(404);
    }
}
