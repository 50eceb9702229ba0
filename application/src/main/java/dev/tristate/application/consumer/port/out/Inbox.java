package dev.tristate.application.consumer.port.out;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.consumer.ContentHash;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What each consumer has applied: one row per (consumer, event id), unique, written in the same transaction as the
 * consumer's business change. A second delivery finds it and compares the recorded content hash.
 */
public interface Inbox {

    Optional<InboxEntry> find(String consumer, EventId eventId);

    /** Records an applied event; {@link PersistenceFailure.AlreadyExists} when this consumer has one for the id. */
    void record(InboxEntry entry);

    /**
     * What this consumer recorded of any of these events, by event id (none for an event it has not applied). A batch
     * of deliveries reads its inbox rows with this, so an adapter should answer it in one query.
     */
    default Map<EventId, InboxEntry> findAll(String consumer, Collection<EventId> eventIds) {
        Map<EventId, InboxEntry> found = new HashMap<>();
        for (EventId eventId : eventIds) {
            find(consumer, eventId).ifPresent(entry -> found.put(eventId, entry));
        }
        return found;
    }

    /**
     * Records every entry, inside the caller's unit of work; {@link PersistenceFailure.AlreadyExists} when any of them
     * exists, and the unit of work must then be rolled back. An adapter should write them in one statement.
     */
    default void recordAll(List<InboxEntry> entries) {
        entries.forEach(this::record);
    }

    /** Every consumer's record of one event (the console's timeline), oldest first. */
    List<InboxEntry> forEvent(EventId eventId);

    /** @param outcome what applying it did, e.g. {@code GRANTED}, {@code ALREADY_GRANTED}, {@code NO_EFFECT} */
    record InboxEntry(String consumer, EventId eventId, String eventType, TenantId tenantId, ContentHash contentHash,
                      String outcome, Instant processedAt) {
        public InboxEntry {
            Objects.requireNonNull(consumer, "consumer");
            Objects.requireNonNull(eventId, "event id");
            Objects.requireNonNull(eventType, "event type");
            Objects.requireNonNull(tenantId, "tenant");
            Objects.requireNonNull(contentHash, "content hash");
            Objects.requireNonNull(outcome, "outcome");
            Objects.requireNonNull(processedAt, "processed at");
        }
    }
}
