package dev.tristate.domain.payment;

import dev.tristate.domain.Identifiers;

/** The system's own id of one payment attempt; it is the {@code out_trade_no} the channel sees (at most 64). */
public record PaymentId(String value) implements PaymentOrRefundId {
    public static final String PREFIX = "pay_";

    public PaymentId {
        Identifiers.token("payment id", value, 64);
    }

    @Override
    public String toString() {
        return value;
    }
}
