package dev.tristate.domain.tenant;

import dev.tristate.domain.Identifiers;

/** The tenant's merchant id at a channel ({@code merchant_id} in the sandbox notification). */
public record MerchantId(String value) {
    public MerchantId {
        Identifiers.token("merchant id", value, 64);
    }

    @Override
    public String toString() {
        return value;
    }
}
