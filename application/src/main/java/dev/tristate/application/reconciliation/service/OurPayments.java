package dev.tristate.application.reconciliation.service;

import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import java.util.Optional;

/** Our payment a statement names by its out_trade_no; a value that is no payment id of ours names none. */
public final class OurPayments {

    private final PaymentRepository payments;

    public OurPayments(PaymentRepository payments) {
        this.payments = payments;
    }

    /** Empty for null: a discrepancy or held item without a payment names none. */
    public Optional<Payment> named(TenantId tenant, String outTradeNo) {
        if (outTradeNo == null) {
            return Optional.empty();
        }
        PaymentId id;
        try {
            id = new PaymentId(outTradeNo);
        } catch (IllegalArgumentException notOurs) {
            return Optional.empty();
        }
        return payments.findById(tenant, id);
    }
}
