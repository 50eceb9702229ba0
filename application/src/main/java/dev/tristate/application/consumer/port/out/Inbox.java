package dev.tristate.application.consumer.port.out;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.consumer.ContentHash;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.List;
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
