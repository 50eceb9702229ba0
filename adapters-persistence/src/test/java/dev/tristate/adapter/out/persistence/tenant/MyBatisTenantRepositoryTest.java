package dev.tristate.adapter.out.persistence.tenant;

import dev.tristate.adapter.out.persistence.PersistenceTestApplication;
import dev.tristate.testing.IntegrationEnvironment;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.application.tenant.port.out.ChannelCredentialStoreContract;
import dev.tristate.application.tenant.port.out.TenantRepository;
import dev.tristate.application.tenant.port.out.TenantRepositoryContract;
import dev.tristate.application.tenant.port.out.TenantWebhooks;
import dev.tristate.application.tenant.port.out.TenantWebhooksContract;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.Tenant;
import dev.tristate.domain.tenant.TenantId;
import java.util.UUID;
import org.junit.jupiter.api.Nested;

/** The tenant ports' contracts on MyBatis (MariaDB under .ci/run, H2 elsewhere), with tenants the database knows. */
@SpringBootTest(classes = PersistenceTestApplication.class, properties = {
        "tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="})
// Its own context (its own property source): closed after the class, so that the pools of the contexts cached for
// earlier classes do not exhaust a shared MariaDB's connections.
@DirtiesContext
class MyBatisTenantRepositoryTest extends TenantRepositoryContract {

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        IntegrationEnvironment.register(registry);
    }

    @Autowired TenantRepository tenants;
    @Autowired ChannelCredentialStore credentials;
    @Autowired TenantWebhooks webhooks;

    @Override
    protected TenantRepository tenants() {
        return tenants;
    }

    TenantId newTenant() {
        String suffix = UUID.randomUUID().toString().substring(0, 18);
        TenantId id = new TenantId("t-" + suffix);
        tenants.insert(new Tenant(id, "Tenant " + suffix, new MerchantId("m-" + suffix), T0));
        return id;
    }

    @Nested
    class TheChannelCredentialStore extends ChannelCredentialStoreContract {
        @Override
        protected ChannelCredentialStore credentials() {
            return credentials;
        }

        @Override
        protected TenantId aTenant() {
            return newTenant();
        }
    }

    @Nested
    class TheTenantWebhooks extends TenantWebhooksContract {
        @Override
        protected TenantWebhooks webhooks() {
            return webhooks;
        }

        @Override
        protected TenantId aTenant() {
            return newTenant();
        }
    }
}
