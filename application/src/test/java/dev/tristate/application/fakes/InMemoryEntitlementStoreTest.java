package dev.tristate.application.fakes;

import dev.tristate.application.port.out.EntitlementStore;
import dev.tristate.application.port.out.EntitlementStoreContract;

class InMemoryEntitlementStoreTest extends EntitlementStoreContract {

    private final InMemoryEntitlementStore store = new InMemoryEntitlementStore();

    private final InMemoryTransactions transactions = new InMemoryTransactions(store);

    @Override
    protected dev.tristate.application.port.out.Transactions transactions() {
        return transactions;
    }

    @Override
    protected EntitlementStore store() {
        return store;
    }
}
