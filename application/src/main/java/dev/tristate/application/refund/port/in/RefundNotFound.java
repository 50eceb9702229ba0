package dev.tristate.application.refund.port.in;

import dev.tristate.domain.payment.RefundId;

/** No refund with this id belongs to the calling tenant's payment (another tenant's refund is not found either). */
public final class RefundNotFound extends RuntimeException {

    private final RefundId refundId;

    public RefundNotFound(RefundId refundId) {
        super("no refund " + refundId);
        this.refundId = refundId;
    }

    public RefundId refundId() {
        return refundId;
    }
}
