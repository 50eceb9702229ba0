package dev.tristate.application.port.in;

import dev.tristate.domain.tenant.TenantId;
import java.net.URI;

/** Sets where a tenant's own service hears about grants: an absolute http(s) URL. */
public interface ConfigureTenantWebhookUseCase {

    /** @throws IllegalArgumentException when the endpoint is not an absolute http or https URL */
    void configure(TenantId tenantId, URI endpoint);
}
