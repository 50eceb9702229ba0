package dev.tristate.application.refund.port.in;

import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.payment.RefundId;
import dev.tristate.domain.tenant.TenantId;
import java.util.List;

/** A tenant reads the refunds of one of its own payments. */
public interface GetRefundQuery {

    /** The refund of this payment, or {@link RefundNotFound} (another tenant's, or another payment's, included). */
    Refund getRefund(TenantId tenantId, PaymentId paymentId, RefundId refundId);

    /** The payment's refunds, oldest first (empty for another tenant's payment). */
    List<Refund> refundsOf(TenantId tenantId, PaymentId paymentId);
}
