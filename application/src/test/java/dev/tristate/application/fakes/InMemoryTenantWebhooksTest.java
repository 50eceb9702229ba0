package dev.tristate.application.fakes;

import dev.tristate.application.tenant.port.out.TenantWebhooks;
import dev.tristate.application.tenant.port.out.TenantWebhooksContract;
import dev.tristate.domain.tenant.TenantId;
import java.util.UUID;

class InMemoryTenantWebhooksTest extends TenantWebhooksContract {

    private final InMemoryTenantWebhooks webhooks = new InMemoryTenantWebhooks();

    @Override
    protected TenantWebhooks webhooks() {
        return webhooks;
    }

    @Override
    protected TenantId aTenant() {
        return new TenantId("t-" + UUID.randomUUID().toString().substring(0, 18));
    }
}
