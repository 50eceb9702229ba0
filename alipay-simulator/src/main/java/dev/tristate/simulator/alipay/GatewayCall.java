package dev.tristate.simulator.alipay;

import dev.tristate.simulator.alipay.AlipaySimulatorApps.App;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * One verified call of an app: its method, its parameters and its {@code biz_content}, with the readers of business
 * fields that answer a bad field as Alipay does ({@code 40004 ACQ.INVALID_PARAMETER}).
 */
record GatewayCall(App app, String method, Map<String, String> params, JsonNode biz) {

    private static final Pattern ORDER_NO = Pattern.compile("[A-Za-z0-9_\\-.:]{1,64}");

    String required(String field) {
        return optional(field).orElseThrow(() -> OpenApiError.business("ACQ.INVALID_PARAMETER",
                "参数无效: " + field + " is required"));
    }

    Optional<String> optional(String field) {
        JsonNode value = biz.get(field);
        if (value == null || value.isNull()) {
            return Optional.empty();
        }
        if (!value.isString()) {
            throw OpenApiError.business("ACQ.INVALID_PARAMETER", "参数无效: " + field + " must be a string");
        }
        String text = value.stringValue();
        return text.isEmpty() ? Optional.empty() : Optional.of(text);
    }

    /** An order or request number as Alipay takes it: up to 64 letters, digits and {@code _-.:}. */
    Optional<String> orderNo(String field) {
        Optional<String> value = optional(field);
        if (value.isPresent() && !ORDER_NO.matcher(value.get()).matches()) {
            throw OpenApiError.business("ACQ.INVALID_PARAMETER", "参数无效: " + field + " is malformed");
        }
        return value;
    }

    long amountFen(String field) {
        return Yuan.parse(required(field)).orElseThrow(() -> OpenApiError.business("ACQ.INVALID_PARAMETER",
                "参数无效: " + field + " must be yuan between 0.01 and 100000000 with at most two decimals"));
    }

    /** out_trade_no or trade_no; at least one must be there. */
    void requireTradeReference() {
        if (optional("out_trade_no").isEmpty() && optional("trade_no").isEmpty()) {
            throw OpenApiError.business("ACQ.INVALID_PARAMETER", "参数无效: out_trade_no or trade_no is required");
        }
    }
}
