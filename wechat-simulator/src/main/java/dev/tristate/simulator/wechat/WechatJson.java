package dev.tristate.simulator.wechat;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** The simulator's own JSON: never the host's mapper, whose settings must not change what "WeChat Pay" sends. */
final class WechatJson {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private WechatJson() {
    }

    static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    static String write(JsonNode node) {
        return MAPPER.writeValueAsString(node);
    }

    /** The body as a JSON object, or a {@link WechatApiError} {@code PARAM_ERROR}. */
    static JsonNode read(byte[] body) {
        try {
            JsonNode node = MAPPER.readTree(body);
            if (node == null || !node.isObject()) {
                throw WechatApiError.param("请求体不是JSON对象");
            }
            return node;
        } catch (JacksonException e) {
            throw WechatApiError.param("请求体不是合法的JSON");
        }
    }

    static ResponseEntity<String> ok(JsonNode body) {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(write(body));
    }
}
