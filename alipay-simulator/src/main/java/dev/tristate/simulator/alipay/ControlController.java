package dev.tristate.simulator.alipay;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Map;
import java.util.Set;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The misbehaviour switches over HTTP, for a person with curl: a trade's behaviour, an app's faults, a trade's
 * notifications. Every call carries {@code Alipay-Simulator-Token}; without the right one it is 401 and nothing
 * changes. A switch left out of a PUT is off; an unknown one is 400.
 */
@RestController
@RequestMapping("${tristate.alipay-simulator.path-prefix:/simulators/alipay}/control/apps/{appId}")
class ControlController {

    static final String TOKEN_HEADER = "Alipay-Simulator-Token";
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Set<String> BEHAVIOUR = Set.of("duplicates", "out_of_order", "delay_ms",
            "drop_notifications", "query_timeout", "report_amount_fen");
    private static final Set<String> FAULT = Set.of("code", "sub_code", "sub_msg", "act_first", "hang_ms",
            "unsigned", "foreign_sign");

    private final AlipaySimulator simulator;

    ControlController(AlipaySimulator simulator) {
        this.simulator = simulator;
    }

    @GetMapping("/trades/{outTradeNo}/behaviour")
    ResponseEntity<byte[]> behaviour(@RequestHeader(name = TOKEN_HEADER, required = false) String token,
                                     @PathVariable String appId, @PathVariable String outTradeNo) {
        return authorised(token, () -> json(HttpStatus.OK, write(simulator.behaviour(appId, outTradeNo))));
    }

    @PutMapping("/trades/{outTradeNo}/behaviour")
    ResponseEntity<byte[]> changeBehaviour(@RequestHeader(name = TOKEN_HEADER, required = false) String token,
                                           @PathVariable String appId, @PathVariable String outTradeNo,
                                           @RequestBody String body) {
        return authorised(token, () -> {
            JsonNode json = read(body, BEHAVIOUR);
            Behaviour behaviour = new Behaviour(json.path("duplicates").asInt(0),
                    json.path("out_of_order").asBoolean(false), json.path("delay_ms").asLong(0),
                    json.path("drop_notifications").asBoolean(false), json.path("query_timeout").asBoolean(false),
                    json.hasNonNull("report_amount_fen") ? json.get("report_amount_fen").asLong() : null);
            simulator.behaviour(appId, outTradeNo, behaviour);
            return json(HttpStatus.OK, write(behaviour));
        });
    }

    @PutMapping("/faults/{method}")
    ResponseEntity<byte[]> fault(@RequestHeader(name = TOKEN_HEADER, required = false) String token,
                                 @PathVariable String appId, @PathVariable String method, @RequestBody String body) {
        return authorised(token, () -> {
            JsonNode json = read(body, FAULT);
            Fault fault = new Fault(text(json, "code"), text(json, "sub_code"), text(json, "sub_msg"),
                    json.path("act_first").asBoolean(false), json.path("hang_ms").asLong(0),
                    json.path("unsigned").asBoolean(false), json.path("foreign_sign").asBoolean(false));
            simulator.fault(appId, method, fault);
            return json(HttpStatus.OK, JSON.valueToTree(Map.of("app_id", appId, "method", method)));
        });
    }

    @DeleteMapping("/faults/{method}")
    ResponseEntity<byte[]> clearFault(@RequestHeader(name = TOKEN_HEADER, required = false) String token,
                                      @PathVariable String appId, @PathVariable String method) {
        return authorised(token, () -> {
            simulator.clearFault(appId, method);
            return ResponseEntity.noContent().build();
        });
    }

    @GetMapping("/trades/{outTradeNo}/notifications")
    ResponseEntity<byte[]> notifications(@RequestHeader(name = TOKEN_HEADER, required = false) String token,
                                         @PathVariable String appId, @PathVariable String outTradeNo) {
        return authorised(token, () -> json(HttpStatus.OK,
                JSON.valueToTree(simulator.notifications(appId, outTradeNo))));
    }

    private ResponseEntity<byte[]> authorised(String token, java.util.function.Supplier<ResponseEntity<byte[]>> work) {
        byte[] expected = simulator.controlToken().getBytes(StandardCharsets.UTF_8);
        if (token == null || !MessageDigest.isEqual(expected, token.getBytes(StandardCharsets.UTF_8))) {
            return error(HttpStatus.UNAUTHORIZED, "send the simulator's control token as " + TOKEN_HEADER);
        }
        try {
            return work.get();
        } catch (IllegalArgumentException refused) {
            return error(HttpStatus.BAD_REQUEST, refused.getMessage());
        }
    }

    private static JsonNode read(String body, Set<String> known) {
        JsonNode json;
        try {
            json = JSON.readTree(body);
        } catch (JacksonException malformed) {
            throw new IllegalArgumentException("the body is not JSON");
        }
        if (json == null || !json.isObject()) {
            throw new IllegalArgumentException("the body must be a JSON object");
        }
        for (String name : json.propertyNames()) {
            if (!known.contains(name)) {
                throw new IllegalArgumentException("unknown switch " + name + "; known: " + known);
            }
        }
        return json;
    }

    private static String text(JsonNode json, String field) {
        JsonNode value = json.get(field);
        return value == null || value.isNull() ? null : value.asString();
    }

    private static ObjectNode write(Behaviour behaviour) {
        ObjectNode json = JSON.createObjectNode();
        json.put("duplicates", behaviour.duplicates());
        json.put("out_of_order", behaviour.outOfOrder());
        json.put("delay_ms", behaviour.delayMs());
        json.put("drop_notifications", behaviour.dropNotifications());
        json.put("query_timeout", behaviour.queryTimeout());
        if (behaviour.reportAmountFen() == null) {
            json.putNull("report_amount_fen");
        } else {
            json.put("report_amount_fen", behaviour.reportAmountFen());
        }
        return json;
    }

    private static ResponseEntity<byte[]> json(HttpStatus status, JsonNode body) {
        return ResponseEntity.status(status).header(HttpHeaders.CONTENT_TYPE, "application/json")
                .body(JSON.writeValueAsBytes(body));
    }

    private static ResponseEntity<byte[]> error(HttpStatus status, String message) {
        return json(status, JSON.valueToTree(Map.of("message", message)));
    }
}
