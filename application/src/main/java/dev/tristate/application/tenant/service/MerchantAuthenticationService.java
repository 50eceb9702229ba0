package dev.tristate.application.tenant.service;

import dev.tristate.application.tenant.port.in.AuthenticateMerchantQuery;
import dev.tristate.application.tenant.port.out.TenantRepository;
import dev.tristate.domain.tenant.ApiKey;
import dev.tristate.domain.tenant.TenantId;
import java.time.Clock;
import java.util.Optional;

/** Finds the tenant by the key's hash: the clear key is never stored, nor compared anywhere but as its hash. */
class MerchantAuthenticationService implements AuthenticateMerchantQuery {

    private final TenantRepository tenants;
    private final Clock clock;

    MerchantAuthenticationService(TenantRepository tenants, Clock clock) {
        this.tenants = tenants;
        this.clock = clock;
    }

    @Override
    public Optional<TenantId> tenantFor(ApiKey apiKey) {
        return tenants.findTenantByApiKey(apiKey.hash(), clock.instant());
    }
}
