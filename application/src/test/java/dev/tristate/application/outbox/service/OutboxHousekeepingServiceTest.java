package dev.tristate.application.outbox.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.fakes.InMemoryBacklogSampleStore;
import dev.tristate.application.fakes.InMemoryOutboxRelayStore;
import dev.tristate.application.fakes.InMemoryTransactions;
import dev.tristate.application.fakes.SettableClock;
import dev.tristate.application.outbox.port.out.OutboxRelayStore.ClaimedEvent;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.event.EventType;
import dev.tristate.domain.outbox.LeaseToken;
import dev.tristate.domain.outbox.OutboxBacklog;
import dev.tristate.domain.tenant.TenantId;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class OutboxHousekeepingServiceTest {

    private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");

    private final SettableClock clock = new SettableClock(T0);
    private final InMemoryOutboxRelayStore store = new InMemoryOutboxRelayStore();
    private final OutboxHousekeepingService housekeeping = new OutboxHousekeepingService(store,
            new InMemoryTransactions(store), clock, new HousekeepingSettings(Duration.ofDays(7), 2));

    private EventId sentAt(Instant at) {
        EventId id = EventId.derive("pay_" + UUID.randomUUID().toString().replace("-", ""), EventType.PaymentFailed,
                null);
        store.insert(id, new TenantId("t-1"), "PaymentFailed", at);
        LeaseToken lease = new LeaseToken(UUID.randomUUID());
        List<ClaimedEvent> claimed = store.claim(100, lease, at, at.plusSeconds(30));
        store.markSent(claimed.stream().map(ClaimedEvent::id).toList(), lease, at);
        return id;
    }

    @Test
    void sentEventsOlderThanTheRetentionArePurgedOneSmallBatchPerCall() {
        EventId old1 = sentAt(T0);
        EventId old2 = sentAt(T0.plusSeconds(1));
        EventId old3 = sentAt(T0.plusSeconds(2));
        EventId recent = sentAt(T0.plus(Duration.ofDays(6)));
        clock.advance(Duration.ofDays(7).plusSeconds(10));

        assertThat(housekeeping.purgeOnce()).isEqualTo(2);
        assertThat(housekeeping.purgeOnce()).isEqualTo(1);
        assertThat(housekeeping.purgeOnce()).isZero();

        assertThat(store.find(old1)).isEmpty();
        assertThat(store.find(old2)).isEmpty();
        assertThat(store.find(old3)).isEmpty();
        assertThat(store.find(recent)).isPresent();
    }

    @Test
    void theBacklogIsTheStoresViewAndEachReadIsKeptAsASample() {
        store.insert(EventId.derive("pay_1", EventType.PaymentFailed, null), new TenantId("t-1"), "PaymentFailed", T0);

        OutboxBacklogService backlog = new OutboxBacklogService(store, new InMemoryBacklogSampleStore(), clock);
        clock.advance(Duration.ofSeconds(90));

        assertThat(backlog.history()).isEmpty();
        assertThat(backlog.backlog()).isEqualTo(new OutboxBacklog(1, T0, 0));
        assertThat(backlog.history()).singleElement().satisfies(s -> {
            assertThat(s.waiting()).isEqualTo(1);
            assertThat(s.oldestWaitingSeconds()).isEqualTo(90);
        });
    }

    @Test
    void brokenSettingsAreRefused() {
        assertThatThrownBy(() -> new HousekeepingSettings(Duration.ofDays(-1), 10))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new HousekeepingSettings(Duration.ofDays(1), 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
