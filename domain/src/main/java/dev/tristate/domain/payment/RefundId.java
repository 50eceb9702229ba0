package dev.tristate.domain.payment;

import dev.tristate.domain.Identifiers;

/** The system's own id of one refund of a payment. */
public record RefundId(String value) {
    public RefundId {
        Identifiers.token("refund id", value, 64);
    }

    @Override
    public String toString() {
        return value;
    }
}
