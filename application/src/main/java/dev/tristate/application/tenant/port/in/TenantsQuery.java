package dev.tristate.application.tenant.port.in;

import dev.tristate.domain.tenant.ApiKeyInfo;
import dev.tristate.domain.tenant.SecretInfo;
import dev.tristate.domain.tenant.Tenant;
import dev.tristate.domain.tenant.TenantId;
import java.util.List;
import java.util.Optional;

/** Tenants as operators see them: keys and secrets by prefix and validity only. */
public interface TenantsQuery {

    List<Tenant> tenants();

    Optional<TenantDetails> tenant(TenantId tenantId);

    /** Where the tenant's own service hears about grants, if set. */
    Optional<java.net.URI> webhookOf(TenantId tenantId);

    record TenantDetails(Tenant tenant, List<ApiKeyInfo> apiKeys, List<SecretInfo> secrets,
                         List<String> channelAccounts) {
        public TenantDetails {
            apiKeys = List.copyOf(apiKeys);
            secrets = List.copyOf(secrets);
            channelAccounts = List.copyOf(channelAccounts);
        }
    }
}
