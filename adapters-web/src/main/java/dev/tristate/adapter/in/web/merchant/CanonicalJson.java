package dev.tristate.adapter.in.web.merchant;

import dev.tristate.adapter.in.web.problem.ApiProblemException;
import dev.tristate.adapter.in.web.problem.Problems;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Request bodies as JSON trees, and their canonical text for the idempotency fingerprint: keys sorted, no
 * insignificant white space, numbers as written, so that {@code {"a":1, "b":2}} and {@code {"b":2,"a":1}} are the same
 * request. Parsing is strict: a repeated key or trailing text makes the body malformed, since either could mean two
 * different requests to two readers.
 */
final class CanonicalJson {

    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private CanonicalJson() {
    }

    /** The body as a JSON object, or 400 MALFORMED_REQUEST. */
    static ObjectNode parseObject(byte[] body) {
        if (body == null || body.length == 0) {
            throw new ApiProblemException(Problems.malformedRequest("the request body is empty; send a JSON object"));
        }
        String text;
        try {
            // JSON is UTF-8 (RFC 8259): a body that is not (an overlong form, a lone surrogate) is refused before it
            // can decode to something other than what another reader would see.
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(body)).toString();
        } catch (CharacterCodingException e) {
            throw new ApiProblemException(Problems.malformedRequest("the request body is not valid UTF-8"));
        }
        JsonNode node;
        try {
            node = JSON.readTree(text);
        } catch (JacksonException e) {
            // The parser's message quotes the input and names Jackson's classes: it is not shown.
            throw new ApiProblemException(Problems.malformedRequest("the request body is not valid JSON"));
        }
        if (node == null || !node.isObject()) {
            throw new ApiProblemException(Problems.malformedRequest("the request body must be a JSON object"));
        }
        return (ObjectNode) node;
    }

    static String canonical(JsonNode node) {
        return JSON.writeValueAsString(sorted(node));
    }

    private static JsonNode sorted(JsonNode node) {
        if (node.isObject()) {
            ObjectNode copy = JSON.createObjectNode();
            List<Map.Entry<String, JsonNode>> entries = new ArrayList<>(node.properties());
            entries.sort(Map.Entry.comparingByKey());
            entries.forEach(e -> copy.set(e.getKey(), sorted(e.getValue())));
            return copy;
        }
        if (node.isArray()) {
            ArrayNode copy = JSON.createArrayNode();
            node.forEach(element -> copy.add(sorted(element)));
            return copy;
        }
        return node;
    }
}
