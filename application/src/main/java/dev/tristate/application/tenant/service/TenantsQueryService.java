package dev.tristate.application.tenant.service;

import dev.tristate.application.tenant.port.in.TenantsQuery;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.application.tenant.port.out.TenantRepository;
import dev.tristate.application.tenant.port.out.TenantWebhooks;
import dev.tristate.domain.tenant.Tenant;
import dev.tristate.domain.tenant.TenantId;
import java.net.URI;
import java.util.List;
import java.util.Optional;

/** Tenants, their credentials and webhook endpoints as the console lists them. */
class TenantsQueryService implements TenantsQuery {

    private final TenantRepository tenants;
    private final ChannelCredentialStore credentials;
    private final TenantWebhooks webhooks;

    TenantsQueryService(TenantRepository tenants, ChannelCredentialStore credentials, TenantWebhooks webhooks) {
        this.tenants = tenants;
        this.credentials = credentials;
        this.webhooks = webhooks;
    }

    @Override
    public List<Tenant> tenants() {
        return tenants.list();
    }

    @Override
    public Optional<TenantDetails> tenant(TenantId tenantId) {
        return tenants.findById(tenantId).map(t -> new TenantDetails(t, tenants.apiKeys(tenantId),
                credentials.secretInfos(tenantId), credentials.accountsOf(tenantId).stream()
                .map(a -> a.channel() + ": " + a.accountId()).toList()));
    }

    @Override
    public Optional<URI> webhookOf(TenantId tenantId) {
        return webhooks.endpointOf(tenantId);
    }
}
