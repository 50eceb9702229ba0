package dev.tristate.application.fakes;

import dev.tristate.application.idempotency.port.out.IdempotencyStore;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.idempotency.IdempotencyEntry;
import dev.tristate.domain.idempotency.IdempotencyKey;
import dev.tristate.domain.idempotency.IdempotencyRecord;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An {@link IdempotencyStore} in memory, held to the same contract as the MyBatis adapter; it takes part in
 * {@link InMemoryTransactions}, so a rolled-back unit of work leaves no completed key behind.
 */
public class InMemoryIdempotencyStore implements IdempotencyStore, InMemoryTransactions.Participant {

    private record Key(TenantId tenantId, IdempotencyKey key) {
        static Key of(IdempotencyEntry entry) {
            return new Key(entry.record().tenantId(), entry.record().key());
        }
    }

    private final Map<Key, IdempotencyEntry> rows = new HashMap<>();

    @Override
    public synchronized void insert(IdempotencyEntry entry) {
        if (rows.putIfAbsent(Key.of(entry), entry) != null) {
            throw new PersistenceFailure.AlreadyExists("idempotency key exists", null);
        }
    }

    @Override
    public synchronized Optional<IdempotencyEntry> find(TenantId tenantId, IdempotencyKey key) {
        return Optional.ofNullable(rows.get(new Key(tenantId, key)));
    }

    @Override
    public synchronized boolean replace(IdempotencyEntry expected, IdempotencyEntry replacement) {
        if (!Key.of(expected).equals(Key.of(replacement))) {
            throw new IllegalArgumentException("a replacement is for the same tenant and key");
        }
        return swapIfHeld(expected, false, replacement);
    }

    @Override
    public synchronized boolean complete(IdempotencyEntry mine, int responseStatus, String responseBody) {
        IdempotencyRecord r = mine.record();
        IdempotencyEntry current = rows.get(Key.of(mine));
        if (current == null) {
            return false;
        }
        IdempotencyRecord completed = new IdempotencyRecord(r.tenantId(), r.key(), current.record().fingerprint(),
                IdempotencyRecord.State.COMPLETED, responseStatus, responseBody, current.record().createdAt(),
                current.record().expiresAt());
        return swapIfHeld(mine, true, new IdempotencyEntry(completed, current.ownerToken(), current.leaseUntil(),
                current.reservedId()));
    }

    @Override
    public synchronized boolean releaseLease(IdempotencyEntry mine, Instant now) {
        IdempotencyEntry current = rows.get(Key.of(mine));
        return current != null && swapIfHeld(mine, true,
                new IdempotencyEntry(current.record(), current.ownerToken(), now, current.reservedId()));
    }

    @Override
    public synchronized int purgeExpired(Instant now, int limit) {
        List<Key> expired = rows.entrySet().stream()
                .filter(e -> e.getValue().record().expiresAt().isBefore(now) && e.getValue().leaseUntil().isBefore(now))
                .limit(limit).map(Map.Entry::getKey).toList();
        expired.forEach(rows::remove);
        return expired.size();
    }

    /** Writes {@code next} while the row still has {@code expected}'s owner and state (IN_FLIGHT if required). */
    private boolean swapIfHeld(IdempotencyEntry expected, boolean inFlightOnly, IdempotencyEntry next) {
        IdempotencyEntry current = rows.get(Key.of(expected));
        boolean held = current != null && current.ownerToken().equals(expected.ownerToken())
                && (inFlightOnly ? current.inFlight() : current.record().state() == expected.record().state());
        if (held) {
            rows.put(Key.of(expected), next);
        }
        return held;
    }

    @Override
    public synchronized Object snapshot() {
        return new HashMap<>(rows);
    }

    @Override
    @SuppressWarnings("unchecked")
    public synchronized void restore(Object snapshot) {
        rows.clear();
        rows.putAll((Map<Key, IdempotencyEntry>) snapshot);
    }
}
