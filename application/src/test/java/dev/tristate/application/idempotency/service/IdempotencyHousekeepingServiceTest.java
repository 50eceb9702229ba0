package dev.tristate.application.idempotency.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.fakes.InMemoryIdempotencyStore;
import dev.tristate.application.fakes.InMemoryTransactions;
import dev.tristate.domain.idempotency.IdempotencyEntry;
import dev.tristate.domain.idempotency.IdempotencyKey;
import dev.tristate.domain.idempotency.IdempotencyRecord;
import dev.tristate.domain.idempotency.RequestFingerprint;
import dev.tristate.domain.tenant.TenantId;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class IdempotencyHousekeepingServiceTest {

    private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");
    private static final TenantId TENANT = new TenantId("t-1");
    private static final RequestFingerprint REQUEST = RequestFingerprint.of("POST", "/api/v1/payments", "{}");

    private final InMemoryIdempotencyStore store = new InMemoryIdempotencyStore();
    private final InMemoryTransactions transactions = new InMemoryTransactions(store);
    private final IdempotencyHousekeepingService service =
            new IdempotencyHousekeepingService(store, transactions, Clock.fixed(NOW, ZoneOffset.UTC), 2);

    @Test
    void purgesKeysPastTheirRetentionOneBoundedBatchPerCallAndKeepsTheRest() {
        for (int i = 0; i < 3; i++) {
            key("old-" + i, NOW.minus(Duration.ofHours(25)));
        }
        key("recent", NOW.minus(Duration.ofHours(23)));

        assertThat(service.purgeOnce()).isEqualTo(2);
        assertThat(service.purgeOnce()).isEqualTo(1);
        assertThat(service.purgeOnce()).isZero();
        assertThat(store.find(TENANT, new IdempotencyKey("recent"))).isPresent();
    }

    @Test
    void refusesABatchSizeOutOfRange() {
        Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
        assertThatThrownBy(() -> new IdempotencyHousekeepingService(store, transactions, clock, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("between 1 and 10000");
        assertThatThrownBy(() -> new IdempotencyHousekeepingService(store, transactions, clock, 10_001))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private void key(String key, Instant createdAt) {
        store.insert(new IdempotencyEntry(IdempotencyRecord.inFlight(TENANT, new IdempotencyKey(key), REQUEST,
                createdAt, Duration.ofHours(24)), "owner-" + key, createdAt.plusSeconds(30), "pay_" + key));
    }
}
