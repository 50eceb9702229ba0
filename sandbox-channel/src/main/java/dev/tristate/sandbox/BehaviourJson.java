package dev.tristate.sandbox;

import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** A trade's behaviour switches as the {@code /behaviour} endpoint reads and writes them. */
final class BehaviourJson {

    private static final Set<String> BEHAVIOUR_FIELDS = Set.of("duplicates", "out_of_order", "delay_ms",
            "drop_callbacks", "query_timeout", "report_amount_minor", "refund_timeout", "refund_processing",
            "refund_settle_ms", "refund_fail", "refund_query_timeout");

    private BehaviourJson() {
    }

    static Behaviour read(JsonNode body) {
        for (Map.Entry<String, JsonNode> field : body.properties()) {
            if (!BEHAVIOUR_FIELDS.contains(field.getKey())) {
                throw SandboxApiException.invalid("unknown switch " + field.getKey() + "; known: "
                        + String.join(", ", BEHAVIOUR_FIELDS.stream().sorted().toList()));
            }
        }
        long duplicates = JsonCodec.optionalLong(body, "duplicates", 0L);
        try {
            return new Behaviour(
                    (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, duplicates)),
                    JsonCodec.optionalBoolean(body, "out_of_order", false),
                    JsonCodec.optionalLong(body, "delay_ms", 0L),
                    JsonCodec.optionalBoolean(body, "drop_callbacks", false),
                    JsonCodec.optionalBoolean(body, "query_timeout", false),
                    JsonCodec.optionalLong(body, "report_amount_minor", null),
                    JsonCodec.optionalBoolean(body, "refund_timeout", false),
                    JsonCodec.optionalBoolean(body, "refund_processing", false),
                    JsonCodec.optionalLong(body, "refund_settle_ms", null),
                    JsonCodec.optionalBoolean(body, "refund_fail", false),
                    JsonCodec.optionalBoolean(body, "refund_query_timeout", false));
        } catch (IllegalArgumentException outOfRange) {
            throw SandboxApiException.invalid(outOfRange.getMessage());
        }
    }

    static ObjectNode write(Behaviour behaviour) {
        ObjectNode json = JsonCodec.object();
        json.put("duplicates", behaviour.duplicates());
        json.put("out_of_order", behaviour.outOfOrder());
        json.put("delay_ms", behaviour.delayMs());
        json.put("drop_callbacks", behaviour.dropCallbacks());
        json.put("query_timeout", behaviour.queryTimeout());
        if (behaviour.reportAmountMinor() == null) {
            json.putNull("report_amount_minor");
        } else {
            json.put("report_amount_minor", behaviour.reportAmountMinor());
        }
        json.put("refund_timeout", behaviour.refundTimeout());
        json.put("refund_processing", behaviour.refundProcessing());
        if (behaviour.refundSettleMs() == null) {
            json.putNull("refund_settle_ms");
        } else {
            json.put("refund_settle_ms", behaviour.refundSettleMs());
        }
        json.put("refund_fail", behaviour.refundFail());
        json.put("refund_query_timeout", behaviour.refundQueryTimeout());
        return json;
    }
}
