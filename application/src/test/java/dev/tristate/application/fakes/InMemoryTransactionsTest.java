package dev.tristate.application.fakes;

import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.shared.port.out.TransactionsContract;
import dev.tristate.application.tenant.port.out.TenantRepository;

class InMemoryTransactionsTest extends TransactionsContract {

    private final InMemoryTenantRepository tenants = new InMemoryTenantRepository();
    private final InMemoryTransactions transactions = new InMemoryTransactions(tenants);

    @Override
    protected Transactions transactions() {
        return transactions;
    }

    @Override
    protected TenantRepository tenants() {
        return tenants;
    }
}
