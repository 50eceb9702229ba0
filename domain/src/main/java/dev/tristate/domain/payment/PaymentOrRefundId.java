package dev.tristate.domain.payment;

/**
 * The id of something whose outcome the channel must tell us: a payment or one of its refunds. A resolver case and
 * an unknown-outcome entry name either kind; the refund's prefix tells them apart.
 */
public sealed interface PaymentOrRefundId permits PaymentId, RefundId {

    String value();

    /** A refund id when {@code value} has the refund prefix, else a payment id. */
    static PaymentOrRefundId of(String value) {
        return RefundId.isRefundId(value) ? new RefundId(value) : new PaymentId(value);
    }
}
