package dev.tristate.application.idempotency.service;

import dev.tristate.application.idempotency.port.in.PurgeExpiredIdempotencyKeysUseCase;
import dev.tristate.application.idempotency.port.out.IdempotencyStore;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.shared.port.out.Workload;
import java.time.Clock;

/**
 * Deletes Idempotency-Keys past their retention ({@link IdempotencySettings#retention()}, at least 24 h), a bounded
 * batch per transaction, so the table holds about a retention's worth of requests and no purge holds many locks. A
 * key an attempt still holds (its lease not over) is kept however old it is.
 */
class IdempotencyHousekeepingService implements PurgeExpiredIdempotencyKeysUseCase {

    private final IdempotencyStore store;
    private final Transactions transactions;
    private final Clock clock;
    private final int batchSize;

    IdempotencyHousekeepingService(IdempotencyStore store, Transactions transactions, Clock clock, int batchSize) {
        if (batchSize < 1 || batchSize > 10_000) {
            throw new IllegalArgumentException("the idempotency purge batch size must be between 1 and 10000: "
                    + batchSize);
        }
        this.store = store;
        this.transactions = transactions;
        this.clock = clock;
        this.batchSize = batchSize;
    }

    @Override
    public int purgeOnce() {
        return transactions.inTransaction(Workload.GENERAL, () -> store.purgeExpired(clock.instant(), batchSize));
    }
}
