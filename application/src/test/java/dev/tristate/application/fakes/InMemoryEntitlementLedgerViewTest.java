package dev.tristate.application.fakes;

import dev.tristate.application.consumer.port.out.EntitlementLedgerView;
import dev.tristate.application.consumer.port.out.EntitlementLedgerViewContract;
import dev.tristate.application.consumer.port.out.EntitlementStore;

class InMemoryEntitlementLedgerViewTest extends EntitlementLedgerViewContract {

    private final InMemoryEntitlementStore store = new InMemoryEntitlementStore();

    private final InMemoryEntitlementLedgerView view = new InMemoryEntitlementLedgerView(store);

    @Override
    protected EntitlementLedgerView view() {
        return view;
    }

    @Override
    protected EntitlementStore store() {
        return store;
    }
}
