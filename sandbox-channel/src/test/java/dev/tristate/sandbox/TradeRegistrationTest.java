package dev.tristate.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class TradeRegistrationTest extends SandboxChannelIntegrationBase {

    @Test
    void aNewTradeIsCreatedWithAPayUrlUnderThePublicBaseUrl() {
        String outTradeNo = newOutTradeNo();

        HttpResponse<String> answer = post("/sandbox-channel/trades",
                registration(outTradeNo, MERCHANT, 1999, "CNY", "Premium"));

        assertThat(answer.statusCode()).isEqualTo(201);
        assertThat(answer.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/json"));
        assertThat(parse(answer.body())).containsExactly(
                Map.entry("out_trade_no", outTradeNo),
                Map.entry("pay_url", "https://pay.sandbox.example/sandbox-channel/pay/" + outTradeNo));
    }

    @Test
    void theSameTradeAgainIsAnsweredLikeTheFirstTime() {
        String outTradeNo = newOutTradeNo();
        String body = registration(outTradeNo, MERCHANT, 500, "USD", "Coffee");
        HttpResponse<String> first = post("/sandbox-channel/trades", body);

        HttpResponse<String> again = post("/sandbox-channel/trades", body);

        assertThat(first.statusCode()).isEqualTo(201);
        assertThat(again.statusCode()).isEqualTo(200);
        assertThat(again.body()).isEqualTo(first.body());
    }

    @Test
    void otherDataUnderAKnownOutTradeNoIsAConflict() {
        String outTradeNo = newOutTradeNo();
        post("/sandbox-channel/trades", registration(outTradeNo, MERCHANT, 500, "USD", "Coffee"));

        HttpResponse<String> answer = post("/sandbox-channel/trades",
                registration(outTradeNo, MERCHANT, 501, "USD", "Coffee"));

        assertThat(answer.statusCode()).isEqualTo(409);
        assertThat(parse(answer.body())).containsEntry("code", "CONFLICT").containsKey("message");
    }

    @Test
    void aMerchantIdOtherThanTheSignersIsInvalid() {
        HttpResponse<String> answer = post("/sandbox-channel/trades",
                registration(newOutTradeNo(), "m-nobody", 500, "USD", "Coffee"));

        assertThat(answer.statusCode()).isEqualTo(400);
        assertThat(parse(answer.body())).containsEntry("code", "INVALID")
                .hasEntrySatisfying("message", message -> assertThat((String) message).contains("m-nobody"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformedRegistrations")
    void aMalformedRegistrationIsInvalid(String why, String body) {
        HttpResponse<String> answer = post("/sandbox-channel/trades", body);

        assertThat(answer.statusCode()).isEqualTo(400);
        assertThat(parse(answer.body())).containsEntry("code", "INVALID").containsKey("message");
    }

    static Stream<Arguments> malformedRegistrations() {
        return Stream.of(
                Arguments.of("no body", ""),
                Arguments.of("not JSON", "out_trade_no=1"),
                Arguments.of("not an object", "[1,2]"),
                Arguments.of("no out_trade_no", validWith("out_trade_no", null)),
                Arguments.of("out_trade_no with a space", validWith("out_trade_no", "\"a b\"")),
                Arguments.of("out_trade_no of 65 characters", validWith("out_trade_no", "\"" + "x".repeat(65) + "\"")),
                Arguments.of("merchant_id not a string", validWith("merchant_id", "5")),
                Arguments.of("amount as a string", validWith("amount_minor", "\"100\"")),
                Arguments.of("amount with a fraction", validWith("amount_minor", "1.5")),
                Arguments.of("negative amount", validWith("amount_minor", "-1")),
                Arguments.of("amount beyond a long", validWith("amount_minor", "99999999999999999999")),
                Arguments.of("lower-case currency", validWith("currency", "\"cny\"")),
                Arguments.of("no such currency", validWith("currency", "\"ABC\"")),
                Arguments.of("description not a string", validWith("description", "7")),
                Arguments.of("description too long", validWith("description", "\"" + "d".repeat(257) + "\"")),
                Arguments.of("merchant_order_id too long", validWith("merchant_order_id",
                        "\"" + "o".repeat(65) + "\"")),
                Arguments.of("merchant_order_id with a line break", validWith("merchant_order_id", "\"a\\nb\"")),
                Arguments.of("return_url not a string", validWith("return_url", "7")),
                Arguments.of("return_url too long", validWith("return_url",
                        "\"https://shop.example/" + "r".repeat(492) + "\"")),
                Arguments.of("return_url with a line break", validWith("return_url",
                        "\"https://shop.example/a\\nb\"")));
    }

    /** A valid registration with one field's raw JSON replaced, or the field left out when {@code rawJson} is null. */
    private static String validWith(String field, String rawJson) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("out_trade_no", "\"" + newOutTradeNo() + "\"");
        fields.put("merchant_id", "\"" + MERCHANT + "\"");
        fields.put("amount_minor", "100");
        fields.put("currency", "\"CNY\"");
        fields.put("description", "\"Tea\"");
        if (rawJson == null) {
            fields.remove(field);
        } else {
            fields.put(field, rawJson);
        }
        return fields.entrySet().stream().map(e -> "\"" + e.getKey() + "\":" + e.getValue())
                .collect(Collectors.joining(",", "{", "}"));
    }
}
