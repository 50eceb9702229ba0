package dev.tristate.simulator.stripe;

import java.util.Map;
import java.util.Set;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The simulator's controls over HTTP, so that a person (or a test in another process) can make it misbehave: JSON
 * in and out, authenticated with the account's secret key like any API call, acting on that account only.
 */
@RestController
@RequestMapping("${tristate.stripe-simulator.path-prefix:/simulators/stripe}/_simulator")
class ControlsController {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Set<String> SWITCHES = Set.of("duplicates", "out_of_order", "delay_ms", "drop_webhooks",
            "hang_retrieve", "report_amount", "omit_from_balance", "refund_pending", "refund_fail");

    private final StripeSimulator simulator;

    ControlsController(StripeSimulator simulator) {
        this.simulator = simulator;
    }

    @GetMapping("/behaviour/{outTradeNo}")
    ResponseEntity<byte[]> behaviour(@RequestAttribute(ApiFilter.ACCOUNT) String account,
                                     @PathVariable String outTradeNo) {
        return Json.ok(write(simulator.behaviour(account, outTradeNo)));
    }

    /** Replaces the trade's switches; a switch left out is off, an unknown one is a 400. */
    @PutMapping("/behaviour/{outTradeNo}")
    ResponseEntity<byte[]> changeBehaviour(@RequestAttribute(ApiFilter.ACCOUNT) String account,
                                           @PathVariable String outTradeNo, @RequestBody String body) {
        JsonNode json = read(body);
        for (Map.Entry<String, JsonNode> field : json.properties()) {
            if (!SWITCHES.contains(field.getKey())) {
                throw StripeApiError.invalid(field.getKey(), "Unknown switch; known: " + SWITCHES);
            }
        }
        Behaviour behaviour = new Behaviour(json.path("duplicates").asInt(0), json.path("out_of_order").asBoolean(),
                json.path("delay_ms").asLong(0), json.path("drop_webhooks").asBoolean(),
                json.path("hang_retrieve").asBoolean(),
                json.hasNonNull("report_amount") ? json.get("report_amount").asLong() : null,
                json.path("omit_from_balance").asBoolean(), json.path("refund_pending").asBoolean(),
                json.path("refund_fail").asBoolean());
        simulator.behaviour(account, outTradeNo, behaviour);
        return Json.ok(write(behaviour));
    }

    /** {@code {"method","path","kind","status","type","code","message","param","after_acting","times"}}. */
    @PostMapping("/faults")
    ResponseEntity<byte[]> force(@RequestAttribute(ApiFilter.ACCOUNT) String account, @RequestBody String body) {
        JsonNode json = read(body);
        Fault fault = new Fault(json.path("method").asString("*"), json.path("path").asString("/v1/"),
                Fault.Kind.valueOf(json.path("kind").asString("ERROR")), json.path("status").asInt(0),
                json.path("type").asString(null), json.path("code").asString(null),
                json.path("message").asString(null), json.path("param").asString(null),
                json.path("after_acting").asBoolean(), json.path("times").asInt(1));
        simulator.force(account, fault);
        return Json.ok(Json.object().put("armed", true));
    }

    @DeleteMapping("/faults")
    ResponseEntity<byte[]> clearFaults(@RequestAttribute(ApiFilter.ACCOUNT) String account) {
        simulator.clearFaults(account);
        return Json.ok(Json.object().put("cleared", true));
    }

    /** {@code {"type":"charge|refund","amount","currency","created","out_trade_no","payment_intent"}}. */
    @PostMapping("/balance_transactions")
    ResponseEntity<byte[]> seed(@RequestAttribute(ApiFilter.ACCOUNT) String account, @RequestBody String body) {
        JsonNode json = read(body);
        String id = simulator.seedBalanceTransaction(account, json.path("type").asString(null),
                json.path("amount").asLong(), json.path("currency").asString(null), json.path("created").asLong(),
                json.path("out_trade_no").asString(null), json.path("payment_intent").asString(null));
        return Json.ok(Json.object().put("id", id));
    }

    @GetMapping("/events")
    ResponseEntity<byte[]> events(@RequestAttribute(ApiFilter.ACCOUNT) String account) {
        ArrayNode list = JSON.createArrayNode();
        for (WebhookDelivery delivery : simulator.deliveries(account)) {
            ObjectNode item = list.addObject();
            item.put("id", delivery.eventId());
            item.put("type", delivery.type());
            item.put("out_trade_no", delivery.outTradeNo());
            item.put("state", delivery.state());
            item.put("copies", delivery.copies());
            item.put("attempts", delivery.attempts());
            item.put("acknowledged_copies", delivery.acknowledgedCopies());
        }
        return Json.ok(list);
    }

    private static ObjectNode write(Behaviour behaviour) {
        ObjectNode json = Json.object();
        json.put("duplicates", behaviour.duplicates());
        json.put("out_of_order", behaviour.outOfOrder());
        json.put("delay_ms", behaviour.delayMs());
        json.put("drop_webhooks", behaviour.dropWebhooks());
        json.put("hang_retrieve", behaviour.hangRetrieve());
        json.put("report_amount", behaviour.reportAmount());
        json.put("omit_from_balance", behaviour.omitFromBalance());
        json.put("refund_pending", behaviour.refundPending());
        json.put("refund_fail", behaviour.refundFail());
        return json;
    }

    private static JsonNode read(String body) {
        try {
            JsonNode json = body == null || body.isBlank() ? null : JSON.readTree(body);
            if (json == null || !json.isObject()) {
                throw StripeApiError.invalid(null, "A JSON object body is required.");
            }
            return json;
        } catch (JacksonException malformed) {
            throw StripeApiError.invalid(null, "The body is not valid JSON.");
        }
    }
}
