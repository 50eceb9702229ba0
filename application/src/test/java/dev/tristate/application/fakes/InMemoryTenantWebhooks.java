package dev.tristate.application.fakes;

import dev.tristate.application.tenant.port.out.TenantWebhooks;
import dev.tristate.domain.tenant.TenantId;
import java.net.URI;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** {@link TenantWebhooks} in memory, held to the same contract as the MyBatis adapter. */
public class InMemoryTenantWebhooks implements TenantWebhooks {

    private final Map<TenantId, URI> endpoints = new ConcurrentHashMap<>();

    @Override
    public Optional<URI> endpointOf(TenantId tenantId) {
        return Optional.ofNullable(endpoints.get(tenantId));
    }

    @Override
    public void setEndpoint(TenantId tenantId, URI endpoint, Instant now) {
        endpoints.put(tenantId, endpoint);
    }
}
