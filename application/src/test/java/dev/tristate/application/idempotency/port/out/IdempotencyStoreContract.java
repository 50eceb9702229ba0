package dev.tristate.application.idempotency.port.out;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.idempotency.IdempotencyEntry;
import dev.tristate.domain.idempotency.IdempotencyKey;
import dev.tristate.domain.idempotency.IdempotencyRecord.State;
import dev.tristate.domain.idempotency.IdempotencyRecord;
import dev.tristate.domain.idempotency.RequestFingerprint;
import dev.tristate.domain.tenant.TenantId;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What every {@link IdempotencyStore} must do, run against the MyBatis adapter (MariaDB or H2) and the in-memory
 * fake alike. The races matter most: the unique key and the conditional writes must let exactly one writer win.
 */
public abstract class IdempotencyStoreContract {

    protected static final Instant T0 = Instant.parse("2026-11-30T08:00:00.123456Z");
    protected static final RequestFingerprint REQUEST = RequestFingerprint.of("POST", "/api/v1/payments", "{\"a\":1}");
    protected static final RequestFingerprint OTHER_REQUEST =
            RequestFingerprint.of("POST", "/api/v1/payments", "{\"a\":2}");
    private static final int RACERS = 20;

    protected abstract IdempotencyStore store();

    /** A tenant that exists where the store enforces it. */
    protected abstract TenantId aTenant();

    protected static IdempotencyKey aKey() {
        return new IdempotencyKey("key-" + UUID.randomUUID());
    }

    protected static IdempotencyEntry inFlight(TenantId tenant, IdempotencyKey key, RequestFingerprint fingerprint,
                                               Instant now) {
        return new IdempotencyEntry(IdempotencyRecord.inFlight(tenant, key, fingerprint, now, Duration.ofHours(24)),
                UUID.randomUUID().toString(), now.plusSeconds(30), "pay_" + UUID.randomUUID().toString().replace("-", ""));
    }

    private IdempotencyEntry read(IdempotencyEntry entry) {
        return store().find(entry.record().tenantId(), entry.record().key()).orElseThrow();
    }

    @Test
    void aClaimedKeyReadsBackEqualInEveryField() {
        IdempotencyEntry claimed = inFlight(aTenant(), aKey(), REQUEST, T0);

        store().insert(claimed);

        assertThat(read(claimed)).isEqualTo(claimed);
    }

    @Test
    void aTenantCannotClaimTheSameKeyTwice() {
        TenantId tenant = aTenant();
        IdempotencyKey key = aKey();
        IdempotencyEntry first = inFlight(tenant, key, REQUEST, T0);
        store().insert(first);

        assertThatThrownBy(() -> store().insert(inFlight(tenant, key, OTHER_REQUEST, T0.plusSeconds(1))))
                .isInstanceOf(PersistenceFailure.AlreadyExists.class);
        assertThat(read(first)).isEqualTo(first);
    }

    @Test
    void keysAreScopedToTheTenant() {
        IdempotencyKey key = aKey();
        TenantId owner = aTenant();
        TenantId other = aTenant();
        store().insert(inFlight(owner, key, REQUEST, T0));

        assertThat(store().find(other, key)).isEmpty();
        IdempotencyEntry others = inFlight(other, key, OTHER_REQUEST, T0);
        store().insert(others);
        assertThat(read(others)).isEqualTo(others);
    }

    @Test
    void keysThatDifferOnlyInCaseAreDifferentKeys() {
        TenantId tenant = aTenant();
        String base = "Key-" + UUID.randomUUID();
        IdempotencyEntry upper = inFlight(tenant, new IdempotencyKey(base.toUpperCase()), REQUEST, T0);
        IdempotencyEntry lower = inFlight(tenant, new IdempotencyKey(base.toLowerCase()), OTHER_REQUEST, T0);

        store().insert(upper);
        store().insert(lower);

        assertThat(read(upper).record().fingerprint()).isEqualTo(REQUEST);
        assertThat(read(lower).record().fingerprint()).isEqualTo(OTHER_REQUEST);
    }

    @Test
    void theOwnerCompletesItsKeyOnceAndTheAnswerIsKeptExactly() {
        IdempotencyEntry mine = inFlight(aTenant(), aKey(), REQUEST, T0);
        store().insert(mine);
        String body = "{\"payment_id\":\"pay_1\",\"note\":\"quotes \\\" and ünïcødé 支付 and\\nnewline\","
                + "\"pad\":\"" + "x".repeat(20_000) + "\"}";

        assertThat(store().complete(mine, 201, body)).isTrue();
        assertThat(store().complete(mine, 500, "{}")).as("a completed key stays as completed").isFalse();

        IdempotencyEntry read = read(mine);
        assertThat(read.record().state()).isEqualTo(State.COMPLETED);
        assertThat(read.record().responseStatus()).isEqualTo(201);
        assertThat(read.record().responseBody()).isEqualTo(body);
        assertThat(read.record().fingerprint()).isEqualTo(REQUEST);
        assertThat(read.record().createdAt()).isEqualTo(mine.record().createdAt());
        assertThat(read.record().expiresAt()).isEqualTo(mine.record().expiresAt());
        assertThat(read.reservedId()).isEqualTo(mine.reservedId());
    }

    @Test
    void anAttemptThatNoLongerOwnsTheKeyCannotCompleteIt() {
        IdempotencyEntry mine = inFlight(aTenant(), aKey(), REQUEST, T0);
        store().insert(mine);
        IdempotencyEntry impostor = mine.takenOverBy(UUID.randomUUID().toString(), T0.plusSeconds(60));

        assertThat(store().complete(impostor, 201, "{}")).isFalse();
        assertThat(read(mine)).isEqualTo(mine);
    }

    @Test
    void aTakeoverSucceedsOnlyFromTheOwnerAndStateLastSeen() {
        IdempotencyEntry first = inFlight(aTenant(), aKey(), REQUEST, T0);
        store().insert(first);
        IdempotencyEntry second = first.takenOverBy(UUID.randomUUID().toString(), T0.plusSeconds(61));
        IdempotencyEntry third = first.takenOverBy(UUID.randomUUID().toString(), T0.plusSeconds(62));

        assertThat(store().replace(first, second)).isTrue();
        assertThat(store().replace(first, third)).as("the owner seen is gone").isFalse();
        assertThat(read(first)).isEqualTo(second);
        assertThat(store().complete(first, 201, "{}")).as("the old owner lost its key").isFalse();
        assertThat(store().complete(second, 201, "{}")).isTrue();
    }

    @Test
    void aCompletedKeyCannotBeTakenOverAsIfInFlight() {
        IdempotencyEntry mine = inFlight(aTenant(), aKey(), REQUEST, T0);
        store().insert(mine);
        assertThat(store().complete(mine, 201, "{\"done\":true}")).isTrue();

        assertThat(store().replace(mine, mine.takenOverBy(UUID.randomUUID().toString(), T0.plusSeconds(60))))
                .isFalse();
        assertThat(read(mine).record().state()).isEqualTo(State.COMPLETED);
    }

    @Test
    void anExpiredCompletedKeyIsReplacedByANewRequest() {
        TenantId tenant = aTenant();
        IdempotencyKey key = aKey();
        IdempotencyEntry old = inFlight(tenant, key, REQUEST, T0);
        store().insert(old);
        store().complete(old, 201, "{\"old\":true}");
        IdempotencyEntry completed = read(old);
        IdempotencyEntry renewed = inFlight(tenant, key, OTHER_REQUEST, T0.plus(Duration.ofHours(25)));

        assertThat(store().replace(completed, renewed)).isTrue();
        assertThat(store().replace(completed, inFlight(tenant, key, REQUEST, T0.plus(Duration.ofHours(26)))))
                .as("the same stale view cannot replace twice").isFalse();

        IdempotencyEntry read = read(old);
        assertThat(read).isEqualTo(renewed);
        assertThat(read.record().responseBody()).isNull();
    }

    @Test
    void expiredKeysWhoseLeaseIsOverArePurgedInBatchesAndNothingElse() {
        // Far in the past, so that no other test's keys are old enough to be purged here.
        Instant created = Instant.parse("2001-01-01T00:00:00Z");
        TenantId tenant = aTenant();
        IdempotencyEntry expiredCompleted = inFlight(tenant, aKey(), REQUEST, created);
        store().insert(expiredCompleted);
        store().complete(expiredCompleted, 201, "{}");
        IdempotencyEntry expiredAbandoned = inFlight(tenant, aKey(), REQUEST, created.plusSeconds(1));
        store().insert(expiredAbandoned);
        IdempotencyEntry stillHeld = new IdempotencyEntry(
                IdempotencyRecord.inFlight(tenant, aKey(), REQUEST, created, Duration.ofHours(24)),
                UUID.randomUUID().toString(), created.plus(Duration.ofDays(3)), "pay_held");
        store().insert(stillHeld);
        IdempotencyEntry young = inFlight(tenant, aKey(), REQUEST, created.plus(Duration.ofHours(12)));
        store().insert(young);
        Instant now = created.plus(Duration.ofHours(30));

        assertThat(store().purgeExpired(now, 1)).as("a batch is bounded").isEqualTo(1);
        assertThat(store().purgeExpired(now, 10)).isEqualTo(1);
        assertThat(store().purgeExpired(now, 10)).isZero();

        assertThat(store().find(tenant, expiredCompleted.record().key())).isEmpty();
        assertThat(store().find(tenant, expiredAbandoned.record().key())).isEmpty();
        assertThat(store().find(tenant, stillHeld.record().key())).as("its attempt still holds it").isPresent();
        assertThat(store().find(tenant, young.record().key())).as("kept until it expires").isPresent();
    }

    @Test
    void theOwnerEndsItsLeaseWhileTheKeyIsInFlight() {
        IdempotencyEntry mine = inFlight(aTenant(), aKey(), REQUEST, T0);
        store().insert(mine);
        IdempotencyEntry stranger = mine.takenOverBy(UUID.randomUUID().toString(), T0.plusSeconds(60));
        Instant released = T0.plusSeconds(3);

        assertThat(store().releaseLease(stranger, released)).isFalse();
        assertThat(store().releaseLease(mine, released)).isTrue();

        IdempotencyEntry read = read(mine);
        assertThat(read.leaseUntil()).isEqualTo(released);
        assertThat(read.inFlight()).isTrue();
        assertThat(read.ownerToken()).isEqualTo(mine.ownerToken());
    }

    @Test
    void aCompletedKeysLeaseIsNotTouched() {
        IdempotencyEntry mine = inFlight(aTenant(), aKey(), REQUEST, T0);
        store().insert(mine);
        store().complete(mine, 201, "{}");

        assertThat(store().releaseLease(mine, T0.plusSeconds(1))).isFalse();
        assertThat(read(mine).leaseUntil()).isEqualTo(mine.leaseUntil());
    }

    @Test
    void ofTwentyRacingClaimsOfOneKeyExactlyOneWins() throws Exception {
        TenantId tenant = aTenant();
        IdempotencyKey key = aKey();
        List<IdempotencyEntry> claims = new ArrayList<>();
        for (int i = 0; i < RACERS; i++) {
            claims.add(inFlight(tenant, key, i % 2 == 0 ? REQUEST : OTHER_REQUEST, T0));
        }

        List<Object> outcomes = race(claims.stream().<Callable<Object>>map(claim -> () -> {
            store().insert(claim);
            return claim;
        }).toList());

        List<Object> winners = outcomes.stream().filter(IdempotencyEntry.class::isInstance).toList();
        assertThat(winners).hasSize(1);
        assertThat(outcomes).filteredOn(PersistenceFailure.AlreadyExists.class::isInstance).hasSize(RACERS - 1);
        assertThat(store().find(tenant, key)).contains((IdempotencyEntry) winners.get(0));
    }

    @Test
    void ofTwentyRacingTakeoversOfOneAbandonedKeyExactlyOneWins() throws Exception {
        IdempotencyEntry abandoned = inFlight(aTenant(), aKey(), REQUEST, T0);
        store().insert(abandoned);
        List<IdempotencyEntry> takeovers = new ArrayList<>();
        for (int i = 0; i < RACERS; i++) {
            takeovers.add(abandoned.takenOverBy(UUID.randomUUID().toString(), T0.plusSeconds(60 + i)));
        }

        List<Object> outcomes = race(takeovers.stream().<Callable<Object>>map(
                takeover -> () -> store().replace(abandoned, takeover) ? takeover : Boolean.FALSE).toList());

        List<Object> winners = outcomes.stream().filter(IdempotencyEntry.class::isInstance).toList();
        assertThat(winners).hasSize(1);
        assertThat(outcomes).filteredOn(Boolean.FALSE::equals).hasSize(RACERS - 1);
        assertThat(read(abandoned)).isEqualTo(winners.get(0));
    }

    /** Runs every call at once (released together) and returns each one's result or exception. */
    private static List<Object> race(List<Callable<Object>> calls) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(calls.size());
        CountDownLatch ready = new CountDownLatch(calls.size());
        CountDownLatch go = new CountDownLatch(1);
        try {
            List<Future<Object>> futures = new ArrayList<>();
            for (Callable<Object> call : calls) {
                futures.add(pool.submit(() -> {
                    ready.countDown();
                    go.await();
                    try {
                        return call.call();
                    } catch (RuntimeException e) {
                        return e;
                    }
                }));
            }
            assertThat(ready.await(30, TimeUnit.SECONDS)).isTrue();
            go.countDown();
            List<Object> outcomes = new ArrayList<>();
            for (Future<Object> future : futures) {
                outcomes.add(future.get(60, TimeUnit.SECONDS));
            }
            return outcomes;
        } finally {
            pool.shutdownNow();
        }
    }
}
