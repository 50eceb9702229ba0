package dev.tristate.application.fakes;

import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.payment.port.out.PaymentRepositoryContract;
import dev.tristate.domain.tenant.TenantId;
import java.util.UUID;

class InMemoryPaymentRepositoryTest extends PaymentRepositoryContract {

    private final InMemoryPaymentRepository repository = new InMemoryPaymentRepository();

    @Override
    protected PaymentRepository repository() {
        return repository;
    }

    @Override
    protected TenantId aTenant() {
        return new TenantId("t-" + UUID.randomUUID());
    }
}
