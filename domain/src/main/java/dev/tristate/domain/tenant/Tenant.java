package dev.tristate.domain.tenant;

import dev.tristate.domain.Identifiers;
import java.time.Instant;
import java.util.Objects;

/** A merchant using Tristate: its own payments, keys and channel credentials, isolated from every other tenant. */
public record Tenant(TenantId id, String name, MerchantId sandboxMerchantId, Instant createdAt) {
    public Tenant {
        Objects.requireNonNull(id, "tenant id");
        checkedName(name);
        Objects.requireNonNull(sandboxMerchantId, "sandbox merchant id");
        Objects.requireNonNull(createdAt, "created at");
    }

    /** A tenant's name: 1 to 128 printable ASCII characters (stripped), or an {@link IllegalArgumentException}. */
    public static String checkedName(String name) {
        return Identifiers.printable("a tenant name", name == null ? null : name.strip(), 128);
    }
}
