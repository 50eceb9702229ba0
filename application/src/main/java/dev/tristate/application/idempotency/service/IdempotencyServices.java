package dev.tristate.application.idempotency.service;

import dev.tristate.application.idempotency.port.in.IdempotentCommands;
import dev.tristate.application.idempotency.port.in.PurgeExpiredIdempotencyKeysUseCase;
import dev.tristate.application.idempotency.port.out.IdempotencyStore;
import dev.tristate.application.shared.port.out.Transactions;
import java.time.Clock;
import java.util.UUID;
import java.util.function.Supplier;

/** The idempotency feature's use cases, built for the wiring: the implementations stay inside this package. */
public final class IdempotencyServices {

    private IdempotencyServices() {
    }

    public static IdempotentCommands idempotentCommands(IdempotencyStore store, Transactions transactions,
                                                        Clock clock, Supplier<UUID> uuids,
                                                        IdempotencySettings settings) {
        return new IdempotencyGate(store, transactions, clock, uuids, settings);
    }

    /** {@code batchSize}: how many keys one transaction deletes, 1 to 10000. */
    public static PurgeExpiredIdempotencyKeysUseCase purgeExpiredIdempotencyKeys(IdempotencyStore store,
                                                                               Transactions transactions,
                                                                               Clock clock, int batchSize) {
        return new IdempotencyHousekeepingService(store, transactions, clock, batchSize);
    }
}
