package dev.tristate.application.fakes;

import dev.tristate.application.outbox.port.out.OutboxRelayStore;
import dev.tristate.application.outbox.port.out.OutboxRelayStoreContract;
import dev.tristate.application.outbox.port.out.OutboxStore;
import dev.tristate.application.shared.port.out.Transactions;

class InMemoryOutboxRelayStoreTest extends OutboxRelayStoreContract {

    private final InMemoryOutboxRelayStore store = new InMemoryOutboxRelayStore();
    private final InMemoryTransactions transactions = new InMemoryTransactions(store);

    @Override
    protected OutboxRelayStore store() {
        return store;
    }

    @Override
    protected OutboxStore outbox() {
        return store;
    }

    @Override
    protected Transactions transactions() {
        return transactions;
    }
}
