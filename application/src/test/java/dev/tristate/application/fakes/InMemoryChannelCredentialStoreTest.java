package dev.tristate.application.fakes;

import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.application.tenant.port.out.ChannelCredentialStoreContract;
import dev.tristate.domain.tenant.TenantId;
import java.util.UUID;

class InMemoryChannelCredentialStoreTest extends ChannelCredentialStoreContract {

    private final InMemoryChannelCredentialStore credentials = new InMemoryChannelCredentialStore();

    @Override
    protected ChannelCredentialStore credentials() {
        return credentials;
    }

    @Override
    protected TenantId aTenant() {
        return new TenantId("t-" + UUID.randomUUID().toString().substring(0, 18));
    }
}
