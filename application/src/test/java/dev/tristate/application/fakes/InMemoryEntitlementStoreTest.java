package dev.tristate.application.fakes;

import dev.tristate.application.consumer.port.out.EntitlementStore;
import dev.tristate.application.consumer.port.out.EntitlementStoreContract;

class InMemoryEntitlementStoreTest extends EntitlementStoreContract {

    private final InMemoryEntitlementStore store = new InMemoryEntitlementStore();

    private final InMemoryTransactions transactions = new InMemoryTransactions(store);

    @Override
    protected dev.tristate.application.shared.port.out.Transactions transactions() {
        return transactions;
    }

    @Override
    protected EntitlementStore store() {
        return store;
    }
}
