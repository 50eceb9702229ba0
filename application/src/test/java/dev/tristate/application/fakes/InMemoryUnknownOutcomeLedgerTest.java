package dev.tristate.application.fakes;

import dev.tristate.application.resolution.port.out.UnknownOutcomeLedger;
import dev.tristate.application.resolution.port.out.UnknownOutcomeLedgerContract;
import dev.tristate.application.shared.port.out.Transactions;

class InMemoryUnknownOutcomeLedgerTest extends UnknownOutcomeLedgerContract {

    private final InMemoryUnknownOutcomeLedger ledger = new InMemoryUnknownOutcomeLedger();
    private final InMemoryTransactions transactions = new InMemoryTransactions(ledger);

    @Override
    protected UnknownOutcomeLedger ledger() {
        return ledger;
    }

    @Override
    protected Transactions transactions() {
        return transactions;
    }
}
