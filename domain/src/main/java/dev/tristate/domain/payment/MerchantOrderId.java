package dev.tristate.domain.payment;

import dev.tristate.domain.Identifiers;

/** The tenant's own order id; several payment attempts may share one. */
public record MerchantOrderId(String value) {
    public MerchantOrderId {
        Identifiers.printable("merchant order id", value, 64);
    }

    @Override
    public String toString() {
        return value;
    }
}
