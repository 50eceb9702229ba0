package dev.tristate.sandbox;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The channel's own JSON reading and writing. It does not use the host's mapper, whose settings (naming, null
 * handling) belong to Tristate and must not change what the outside world sends.
 */
final class JsonCodec {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private JsonCodec() {
    }

    static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    static byte[] write(JsonNode node) {
        return MAPPER.writeValueAsBytes(node);
    }

    /** The body as a JSON object, or a 400 INVALID answer. */
    static JsonNode readObject(String body) {
        if (body == null || body.isBlank()) {
            throw SandboxApiException.invalid("a JSON object body is required");
        }
        JsonNode node;
        try {
            node = MAPPER.readTree(body);
        } catch (JacksonException malformed) {
            throw SandboxApiException.invalid("the body is not valid JSON");
        }
        if (node == null || !node.isObject()) {
            throw SandboxApiException.invalid("the body must be a JSON object");
        }
        return node;
    }

    /** The {@code code} of a JSON answer, or null when the answer is not such an object. */
    static String codeOf(String body) {
        if (body == null || body.isBlank()) {
            return null;
        }
        try {
            JsonNode code = MAPPER.readTree(body).get("code");
            return code != null && code.isString() ? code.stringValue() : null;
        } catch (JacksonException | IllegalArgumentException notJson) {
            return null;
        }
    }

    static String requiredString(JsonNode object, String field) {
        JsonNode value = object.get(field);
        if (value == null || !value.isString()) {
            throw SandboxApiException.invalid(field + " must be a string");
        }
        return value.stringValue();
    }

    static String optionalString(JsonNode object, String field, String fallback) {
        JsonNode value = object.get(field);
        if (value == null || value.isNull()) {
            return fallback;
        }
        if (!value.isString()) {
            throw SandboxApiException.invalid(field + " must be a string");
        }
        return value.stringValue();
    }

    static long requiredLong(JsonNode object, String field) {
        JsonNode value = object.get(field);
        if (value == null || !value.isIntegralNumber() || !value.canConvertToLong()) {
            throw SandboxApiException.invalid(field + " must be an integer");
        }
        return value.longValue();
    }

    static Long optionalLong(JsonNode object, String field, Long fallback) {
        JsonNode value = object.get(field);
        if (value == null || value.isNull()) {
            return fallback;
        }
        return requiredLong(object, field);
    }

    static boolean optionalBoolean(JsonNode object, String field, boolean fallback) {
        JsonNode value = object.get(field);
        if (value == null || value.isNull()) {
            return fallback;
        }
        if (!value.isBoolean()) {
            throw SandboxApiException.invalid(field + " must be true or false");
        }
        return value.booleanValue();
    }
}
