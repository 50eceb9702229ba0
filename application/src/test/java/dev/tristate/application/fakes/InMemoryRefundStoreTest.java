package dev.tristate.application.fakes;

import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.application.refund.port.out.RefundStoreContract;
import dev.tristate.domain.tenant.TenantId;
import java.util.UUID;

class InMemoryRefundStoreTest extends RefundStoreContract {

    private final InMemoryRefundStore refunds = new InMemoryRefundStore();
    private final InMemoryPaymentRepository payments = new InMemoryPaymentRepository();

    @Override
    protected RefundStore refunds() {
        return refunds;
    }

    @Override
    protected PaymentRepository payments() {
        return payments;
    }

    @Override
    protected TenantId aTenant() {
        return new TenantId("t-" + UUID.randomUUID());
    }
}
