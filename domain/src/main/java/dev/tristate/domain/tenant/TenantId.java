package dev.tristate.domain.tenant;

import dev.tristate.domain.Identifiers;

/** The tenant (merchant) that owns every row it touches; no read or write crosses it. */
public record TenantId(String value) {
    public TenantId {
        Identifiers.token("tenant id", value, 64);
    }

    @Override
    public String toString() {
        return value;
    }
}
