package dev.tristate.domain.payment;

import dev.tristate.domain.Identifiers;

/** The system's own id of one refund of a payment. */
public record RefundId(String value) implements PaymentOrRefundId {
    /** Every refund id the system draws starts so; it is the {@code out_refund_no} the channel sees. */
    public static final String PREFIX = "rfd_";

    public RefundId {
        Identifiers.token("refund id", value, 64);
    }

    /** Whether {@code id} is one of the system's refund ids (a resolver case, a ledger entry names either kind). */
    public static boolean isRefundId(String id) {
        return id != null && id.startsWith(PREFIX) && id.length() > PREFIX.length();
    }

    @Override
    public String toString() {
        return value;
    }
}
