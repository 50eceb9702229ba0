package dev.tristate.application.payment.service;

import dev.tristate.application.payment.port.in.GetPaymentQuery;
import dev.tristate.application.payment.port.in.PaymentNotFound;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;

class GetPaymentService implements GetPaymentQuery {

    private final PaymentRepository payments;

    GetPaymentService(PaymentRepository payments) {
        this.payments = payments;
    }

    @Override
    public Payment getPayment(TenantId tenantId, PaymentId paymentId) {
        return payments.findById(tenantId, paymentId).orElseThrow(() -> new PaymentNotFound(paymentId));
    }
}
