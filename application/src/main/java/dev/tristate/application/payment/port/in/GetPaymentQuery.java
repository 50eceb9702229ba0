package dev.tristate.application.payment.port.in;

import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;

/** A tenant reads one of its own payments. */
public interface GetPaymentQuery {

    /**
     * The payment, or {@link PaymentNotFound} when there is none with this id for this tenant: another tenant's
     * payment is not found either, so nobody learns that it exists.
     */
    Payment getPayment(TenantId tenantId, PaymentId paymentId);
}
