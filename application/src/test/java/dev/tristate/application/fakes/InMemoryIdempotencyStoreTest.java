package dev.tristate.application.fakes;

import dev.tristate.application.idempotency.port.out.IdempotencyStore;
import dev.tristate.application.idempotency.port.out.IdempotencyStoreContract;
import dev.tristate.domain.tenant.TenantId;
import java.util.UUID;

class InMemoryIdempotencyStoreTest extends IdempotencyStoreContract {

    private final InMemoryIdempotencyStore store = new InMemoryIdempotencyStore();

    @Override
    protected IdempotencyStore store() {
        return store;
    }

    @Override
    protected TenantId aTenant() {
        return new TenantId("t-" + UUID.randomUUID());
    }
}
