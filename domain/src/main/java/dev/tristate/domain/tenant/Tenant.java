package dev.tristate.domain.tenant;

import dev.tristate.domain.Identifiers;
import java.time.Instant;
import java.util.Objects;

/** A merchant using Tristate: its own payments, keys and channel credentials, isolated from every other tenant. */
public record Tenant(TenantId id, String name, MerchantId sandboxMerchantId, Instant createdAt) {
    public Tenant {
        Objects.requireNonNull(id, "tenant id");
        Identifiers.printable("tenant name", name, 128);
        Objects.requireNonNull(sandboxMerchantId, "sandbox merchant id");
        Objects.requireNonNull(createdAt, "created at");
    }
}
