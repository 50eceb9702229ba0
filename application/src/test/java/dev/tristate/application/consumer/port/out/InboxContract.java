package dev.tristate.application.consumer.port.out;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.consumer.port.out.Inbox.InboxEntry;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.consumer.ContentHash;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.tenant.TenantId;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What every {@link Inbox} must do: run against the MyBatis adapter and the in-memory fake alike. */
public abstract class InboxContract {

    protected static final Instant T0 = Instant.parse("2026-12-01T08:00:00.123456Z");

    protected abstract Inbox inbox();

    private static InboxEntry entry(String consumer, EventId eventId, String body) {
        return new InboxEntry(consumer, eventId, "PaymentSucceeded", new TenantId("t-inbox"),
                ContentHash.of(body.getBytes(StandardCharsets.UTF_8)), "GRANTED", T0);
    }

    @Test
    void aRecordedEventReadsBackEqual() {
        InboxEntry entry = entry("entitlements", new EventId(UUID.randomUUID()), "{}");

        inbox().record(entry);

        assertThat(inbox().find("entitlements", entry.eventId())).contains(entry);
    }

    @Test
    void everyConsumersRecordOfOneEventIsListedOldestFirst() {
        EventId eventId = new EventId(UUID.randomUUID());
        InboxEntry later = new InboxEntry("webhooks", eventId, "PaymentSucceeded", new TenantId("t-inbox"),
                ContentHash.of("{}".getBytes(StandardCharsets.UTF_8)), "NO_EFFECT", T0.plusSeconds(3));
        inbox().record(later);
        InboxEntry first = entry("entitlements", eventId, "{}");
        inbox().record(first);
        inbox().record(entry("entitlements", new EventId(UUID.randomUUID()), "{}"));

        assertThat(inbox().forEvent(eventId)).containsExactly(first, later);
    }

    @Test
    void aConsumerRecordsAnEventOnce() {
        EventId eventId = new EventId(UUID.randomUUID());
        InboxEntry first = entry("entitlements", eventId, "{}");
        inbox().record(first);

        assertThatThrownBy(() -> inbox().record(entry("entitlements", eventId, "{\"other\":1}")))
                .isInstanceOf(PersistenceFailure.AlreadyExists.class);
        assertThat(inbox().find("entitlements", eventId)).contains(first);
    }

    @Test
    void aBatchOfEntriesIsRecordedAndReadBackTogether() {
        InboxEntry first = entry("entitlements", new EventId(UUID.randomUUID()), "{\"a\":1}");
        InboxEntry second = entry("entitlements", new EventId(UUID.randomUUID()), "{\"b\":2}");
        InboxEntry otherConsumers = entry("webhooks", new EventId(UUID.randomUUID()), "{}");
        EventId neverRecorded = new EventId(UUID.randomUUID());

        inbox().recordAll(List.of(first, second));
        inbox().record(otherConsumers);

        assertThat(inbox().findAll("entitlements", List.of(first.eventId(), second.eventId(), neverRecorded,
                otherConsumers.eventId()))).isEqualTo(Map.of(first.eventId(), first, second.eventId(), second));
        assertThat(inbox().findAll("entitlements", List.of())).isEmpty();
        assertThatThrownBy(() -> inbox().recordAll(List.of(entry("entitlements", new EventId(UUID.randomUUID()),
                "{}"), first))).isInstanceOf(PersistenceFailure.AlreadyExists.class);
    }

    @Test
    void eachConsumerHasItsOwnInbox() {
        EventId eventId = new EventId(UUID.randomUUID());
        inbox().record(entry("entitlements", eventId, "{}"));

        inbox().record(entry("webhooks", eventId, "{}"));

        assertThat(inbox().find("webhooks", eventId)).isPresent();
        assertThat(inbox().find("audit", eventId)).isEmpty();
    }
}
