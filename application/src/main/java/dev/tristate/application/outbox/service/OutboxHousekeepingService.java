package dev.tristate.application.outbox.service;

import dev.tristate.application.outbox.port.in.PurgeSentEventsUseCase;
import dev.tristate.application.outbox.port.out.OutboxRelayStore;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.shared.port.out.Workload;
import java.time.Clock;
import java.time.Instant;

/** Keeps the outbox small: SENT events are purged after the retention. */
class OutboxHousekeepingService implements PurgeSentEventsUseCase {

    private final OutboxRelayStore store;
    private final Transactions transactions;
    private final Clock clock;
    private final HousekeepingSettings settings;

    OutboxHousekeepingService(OutboxRelayStore store, Transactions transactions, Clock clock,
                              HousekeepingSettings settings) {
        this.store = store;
        this.transactions = transactions;
        this.clock = clock;
        this.settings = settings;
    }

    @Override
    public int purgeOnce() {
        Instant sentBefore = clock.instant().minus(settings.sentRetention());
        return transactions.inTransaction(Workload.GENERAL,
                () -> store.purgeSent(sentBefore, settings.purgeBatchSize()));
    }
}
