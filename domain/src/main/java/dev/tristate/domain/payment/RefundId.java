package dev.tristate.domain.payment;

import dev.tristate.domain.Identifiers;

/**
 * The system's own id of one refund of a payment; it is the refund number the channel sees ({@code out_refund_no},
 * an idempotency key at Stripe). A new id is {@code rfd_} and a ULID (30 characters, time-ordered); ids stored in
 * another shape ({@code rfd_} and 32 hex digits) stay valid.
 */
public record RefundId(String value) implements PaymentOrRefundId {
    /** Every refund id the system draws starts so; it is the {@code out_refund_no} the channel sees. */
    public static final String PREFIX = "rfd_";

    public RefundId {
        Identifiers.token("refund id", value, 64);
    }

    /** A new refund's id from a ULID (26 characters of Crockford's base 32). */
    public static RefundId ofUlid(String ulid) {
        return new RefundId(PREFIX + Identifiers.ulid("refund id", ulid));
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
