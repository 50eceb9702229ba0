package dev.tristate.adapter.out.channel;

import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A JSON object of a notification, read strictly: valid UTF-8, one JSON value, no duplicate keys (two values for one
 * field would let the signer and the reader disagree), and fields of exactly the declared types. Unknown fields are
 * ignored. Reasons name the field by its path ({@code data.object.amount}).
 */
public final class JsonFields {

    private static final JsonMapper STRICT = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private final JsonNode object;
    private final String path;

    private JsonFields(JsonNode object, String path) {
        this.object = object;
        this.path = path;
    }

    /** The body as a JSON object, or {@link UnreadableNotification}. */
    public static JsonFields readObject(byte[] body) {
        // Decoded here rather than by Jackson, which would also accept UTF-16 and UTF-32 bodies.
        String text = NotificationFields.utf8Body(body);
        JsonNode root;
        try {
            root = STRICT.readTree(text);
        } catch (JacksonException e) {
            throw new UnreadableNotification("The body is not valid JSON, or it gives a field twice.");
        }
        if (root == null || !root.isObject()) {
            throw new UnreadableNotification("The body must be a JSON object.");
        }
        return new JsonFields(root, "");
    }

    public String requiredString(String name) {
        JsonNode value = required(name);
        if (!value.isString()) {
            throw new UnreadableNotification("Field " + label(name) + " must be a string.");
        }
        return value.stringValue();
    }

    /** A string field holding an id the domain can hold (see {@link NotificationFields#identifier}). */
    public String requiredIdentifier(String name) {
        return NotificationFields.identifier(label(name), requiredString(name));
    }

    /** A JSON integer from 0 to {@link Long#MAX_VALUE}: never a decimal, an exponent, a string or a negative. */
    public long requiredNonNegativeLong(String name) {
        JsonNode value = required(name);
        if (!value.isNumber()) {
            throw new UnreadableNotification("Field " + label(name) + " must be a JSON integer.");
        }
        if (!value.isIntegralNumber()) {
            throw new UnreadableNotification(
                    "Field " + label(name) + " must be a JSON integer, without a fraction or an exponent.");
        }
        if (value.bigIntegerValue().signum() < 0) {
            throw new UnreadableNotification("Field " + label(name) + " must not be negative.");
        }
        if (!value.canConvertToLong()) {
            throw new UnreadableNotification("Field " + label(name) + " is too large.");
        }
        return value.longValue();
    }

    public JsonFields requiredObject(String name) {
        JsonNode value = required(name);
        if (!value.isObject()) {
            throw new UnreadableNotification("Field " + label(name) + " must be a JSON object.");
        }
        return new JsonFields(value, label(name) + ".");
    }

    /** The object field {@code name}, or empty when it is missing or null; anything else than an object is refused. */
    public java.util.Optional<JsonFields> optionalObject(String name) {
        JsonNode value = object.get(name);
        return value == null || value.isNull() ? java.util.Optional.empty()
                : java.util.Optional.of(requiredObject(name));
    }

    /** True when the field is present and not null. */
    public boolean has(String name) {
        JsonNode value = object.get(name);
        return value != null && !value.isNull();
    }

    /** The path of a field of this object, as reasons name it. */
    public String label(String name) {
        return path + name;
    }

    private JsonNode required(String name) {
        JsonNode value = object.get(name);
        if (value == null || value.isNull()) {
            throw new UnreadableNotification("Field " + label(name) + " is missing.");
        }
        return value;
    }
}
