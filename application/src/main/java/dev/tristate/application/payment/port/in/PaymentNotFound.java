package dev.tristate.application.payment.port.in;

import dev.tristate.domain.payment.PaymentId;

/** No payment with this id belongs to the calling tenant (it may belong to another one: that is not said). */
public final class PaymentNotFound extends RuntimeException {

    private final PaymentId paymentId;

    public PaymentNotFound(PaymentId paymentId) {
        super("no payment " + paymentId);
        this.paymentId = paymentId;
    }

    public PaymentId paymentId() {
        return paymentId;
    }
}
