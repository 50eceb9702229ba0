package dev.tristate.adapter.in.messaging;

import dev.tristate.application.consumer.port.out.EventPayloadReader;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads the outbox's wire form (snake_case JSON written once at commit): {@code event_id}, {@code event_type},
 * {@code tenant_id}, {@code payment_id} required; {@code user_id}, {@code sku}, {@code occurred_at} when present.
 * Anything else about the body is an {@link Unreadable} with the reason, never an exception.
 */
public class JsonEventPayloadReader implements EventPayloadReader {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Override
    public ReadResult read(byte[] body) {
        JsonNode root;
        try {
            root = JSON.readTree(body);
        } catch (JacksonException e) {
            return new Unreadable("not JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject()) {
            return new Unreadable("not a JSON object");
        }
        try {
            return new ConsumedEvent(EventId.of(required(root, "event_id")), required(root, "event_type"),
                    new TenantId(required(root, "tenant_id")), new PaymentId(required(root, "payment_id")),
                    optional(root, "user_id"), optional(root, "sku"), instant(optional(root, "occurred_at")));
        } catch (IllegalArgumentException | DateTimeParseException e) {
            return new Unreadable(e.getMessage());
        }
    }

    private static String required(JsonNode root, String field) {
        String value = optional(root, field);
        if (value == null) {
            throw new IllegalArgumentException(field + " is missing");
        }
        return value;
    }

    private static String optional(JsonNode root, String field) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isString()) {
            throw new IllegalArgumentException(field + " is not a string");
        }
        return node.asString();
    }

    private static Instant instant(String text) {
        return text == null ? null : Instant.parse(text);
    }
}
