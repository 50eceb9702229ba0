package dev.tristate.adapter.out.persistence.idempotency;

import dev.tristate.adapter.out.persistence.PersistenceTestApplication;
import dev.tristate.application.idempotency.port.out.IdempotencyStore;
import dev.tristate.application.idempotency.port.out.IdempotencyStoreContract;
import dev.tristate.application.tenant.port.out.TenantRepository;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.Tenant;
import dev.tristate.domain.tenant.TenantId;
import dev.tristate.testing.IntegrationEnvironment;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The idempotency contract on MyBatis: MariaDB under .ci/run (TRISTATE_IT_DB_URL), the embedded H2 elsewhere. */
@SpringBootTest(classes = PersistenceTestApplication.class, properties = {
        "tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="})
class MyBatisIdempotencyStoreTest extends IdempotencyStoreContract {

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        IntegrationEnvironment.register(registry);
    }

    @Autowired
    IdempotencyStore store;

    @Autowired
    TenantRepository tenants;

    @Override
    protected IdempotencyStore store() {
        return store;
    }

    @Override
    protected TenantId aTenant() {
        String suffix = UUID.randomUUID().toString().substring(0, 18);
        TenantId id = new TenantId("t-" + suffix);
        tenants.insert(new Tenant(id, "Tenant " + suffix, new MerchantId("m-" + suffix), T0));
        return id;
    }
}
