package dev.tristate.application.refund.service;

import dev.tristate.application.refund.port.in.GetRefundQuery;
import dev.tristate.application.refund.port.in.RefundNotFound;
import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.payment.RefundId;
import dev.tristate.domain.tenant.TenantId;
import java.util.List;

class GetRefundService implements GetRefundQuery {

    private final RefundStore refunds;

    GetRefundService(RefundStore refunds) {
        this.refunds = refunds;
    }

    @Override
    public Refund getRefund(TenantId tenantId, PaymentId paymentId, RefundId refundId) {
        return refunds.find(tenantId, refundId).filter(r -> r.paymentId().equals(paymentId))
                .orElseThrow(() -> new RefundNotFound(refundId));
    }

    @Override
    public List<Refund> refundsOf(TenantId tenantId, PaymentId paymentId) {
        return refunds.findByPayment(tenantId, paymentId);
    }
}
