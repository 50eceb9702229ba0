package dev.tristate.simulator.stripe;

import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** The simulator's own JSON: never the host's mapper, whose settings must not change what "Stripe" sends. */
final class Json {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private Json() {
    }

    static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    static byte[] write(JsonNode node) {
        return MAPPER.writeValueAsBytes(node);
    }

    static ObjectNode metadata(Map<String, String> metadata) {
        ObjectNode node = object();
        metadata.forEach(node::put);
        return node;
    }

    static ResponseEntity<byte[]> ok(JsonNode body) {
        return answer(HttpStatus.OK.value(), body);
    }

    static ResponseEntity<byte[]> answer(int status, JsonNode body) {
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON).body(write(body));
    }
}
