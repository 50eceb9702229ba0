package dev.tristate.domain.payment;

import dev.tristate.domain.Identifiers;

/**
 * The system's own id of one payment attempt; it is the order number the channel sees ({@code out_trade_no}).
 * A new id is {@code pay_} and a ULID, 30 characters: it fits every channel's order number (WeChat Pay's is the
 * shortest, 6-32 of {@code [0-9A-Za-z_-|*]}) and sorts by creation time, so the primary key grows at its end. Ids
 * stored in another shape ({@code pay_} and 32 hex digits) stay valid: any token of at most 64 characters is one.
 */
public record PaymentId(String value) implements PaymentOrRefundId {
    public static final String PREFIX = "pay_";
    /** The longest id the system gives a new payment. */
    public static final int MAX_NEW_LENGTH = 32;

    public PaymentId {
        Identifiers.token("payment id", value, 64);
    }

    /** A new payment's id from a ULID (26 characters of Crockford's base 32). */
    public static PaymentId ofUlid(String ulid) {
        return new PaymentId(PREFIX + Identifiers.ulid("payment id", ulid));
    }

    @Override
    public String toString() {
        return value;
    }
}
