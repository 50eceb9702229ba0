package dev.tristate.application.fakes;

import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.consumer.port.out.TaskStoreContract;
import dev.tristate.application.tenant.port.out.TenantWebhooks;

class InMemoryTaskStoreTest extends TaskStoreContract {

    private final InMemoryTaskStore store = new InMemoryTaskStore();
    private final InMemoryTenantWebhooks webhooks = new InMemoryTenantWebhooks();

    @Override
    protected TaskStore store() {
        return store;
    }

    @Override
    protected TenantWebhooks webhooks() {
        return webhooks;
    }
}
