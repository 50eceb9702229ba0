package dev.tristate.application.tenant.port.out;

import dev.tristate.domain.tenant.TenantId;
import java.net.URI;
import java.time.Instant;
import java.util.Optional;

/** Where each tenant's own service wants to hear about grants. */
public interface TenantWebhooks {

    Optional<URI> endpointOf(TenantId tenantId);

    /** Sets (or replaces) the tenant's endpoint. */
    void setEndpoint(TenantId tenantId, URI endpoint, Instant now);
}
