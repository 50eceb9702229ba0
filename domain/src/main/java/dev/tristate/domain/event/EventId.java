package dev.tristate.domain.event;

import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.UUID;

/**
 * The identity of one business event. It is derived from what the event is about, so the same transition yields the
 * same id however often it is retried, relayed or replayed: the id is the message id consumers deduplicate on.
 */
public record EventId(UUID value) {
    public EventId {
        Objects.requireNonNull(value, "event id");
    }

    public static EventId of(String value) {
        try {
            return new EventId(UUID.fromString(value));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("event id is not a UUID: " + value, e);
        }
    }

    /** Name-based (type 3) UUID over the event's natural key: stable across retries and replays. */
    public static EventId derive(String aggregateId, EventType type, String discriminator) {
        Objects.requireNonNull(aggregateId, "aggregate id");
        Objects.requireNonNull(type, "event type");
        String key = type.name() + '|' + aggregateId + '|' + (discriminator == null ? "" : discriminator);
        return new EventId(UUID.nameUUIDFromBytes(key.getBytes(StandardCharsets.UTF_8)));
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
