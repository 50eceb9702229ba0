package dev.tristate.application.resolution.port.in;

import dev.tristate.domain.payment.PaymentId;

/** Another resolver is asking the channel about this payment right now; ask again in a moment. */
public final class ResolutionInProgress extends RuntimeException {

    private final PaymentId paymentId;

    public ResolutionInProgress(PaymentId paymentId) {
        super("the channel is being asked about payment " + paymentId + " right now");
        this.paymentId = paymentId;
    }

    public PaymentId paymentId() {
        return paymentId;
    }
}
