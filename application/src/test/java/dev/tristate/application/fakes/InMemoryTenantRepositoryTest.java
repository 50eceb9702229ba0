package dev.tristate.application.fakes;

import dev.tristate.application.tenant.port.out.TenantRepository;
import dev.tristate.application.tenant.port.out.TenantRepositoryContract;

class InMemoryTenantRepositoryTest extends TenantRepositoryContract {

    private final InMemoryTenantRepository tenants = new InMemoryTenantRepository();

    @Override
    protected TenantRepository tenants() {
        return tenants;
    }
}
