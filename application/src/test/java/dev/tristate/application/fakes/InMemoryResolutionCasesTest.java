package dev.tristate.application.fakes;

import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.resolution.port.out.ResolutionCasesContract;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.domain.tenant.TenantId;
import java.util.UUID;

class InMemoryResolutionCasesTest extends ResolutionCasesContract {

    private final InMemoryPaymentRepository payments = new InMemoryPaymentRepository();
    private final InMemoryResolutionCases cases = new InMemoryResolutionCases(payments);
    private final InMemoryTransactions transactions = new InMemoryTransactions(payments, cases);

    @Override
    protected ResolutionCases cases() {
        return cases;
    }

    @Override
    protected PaymentRepository payments() {
        return payments;
    }

    @Override
    protected Transactions transactions() {
        return transactions;
    }

    @Override
    protected TenantId aTenant() {
        return new TenantId("t-" + UUID.randomUUID().toString().substring(0, 8));
    }
}
