package dev.tristate.application.tenant.port.out;

import dev.tristate.domain.tenant.TenantId;
import java.net.URI;
import java.time.Instant;
import java.util.Optional;

/**
 * Where each tenant's own service wants to hear about grants. The notices are signed with the tenant's webhook
 * signing secrets, kept in the {@link ChannelCredentialStore} under ({@value #SIGNING_CHANNEL},
 * {@value #SIGNING_SECRET}) like a channel's secrets: encrypted, rotated with a grace period, revocable.
 */
public interface TenantWebhooks {

    String SIGNING_CHANNEL = "webhook";
    String SIGNING_SECRET = "signing-secret";

    Optional<URI> endpointOf(TenantId tenantId);

    /** Sets (or replaces) the tenant's endpoint. */
    void setEndpoint(TenantId tenantId, URI endpoint, Instant now);
}
