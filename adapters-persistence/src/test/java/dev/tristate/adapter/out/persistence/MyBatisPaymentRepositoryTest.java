package dev.tristate.adapter.out.persistence;

import dev.tristate.application.port.out.PaymentRepository;
import dev.tristate.application.port.out.PaymentRepositoryContract;
import dev.tristate.application.port.out.TenantRepository;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.Tenant;
import dev.tristate.domain.tenant.TenantId;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

@SpringBootTest(classes = PersistenceTestApplication.class, properties = {
        "tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="})
class MyBatisPaymentRepositoryTest extends PaymentRepositoryContract {

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        dev.tristate.testing.IntegrationEnvironment.register(registry);
    }

    @Autowired
    PaymentRepository payments;

    @Autowired
    TenantRepository tenants;

    @Override
    protected PaymentRepository repository() {
        return payments;
    }

    @Override
    protected TenantId aTenant() {
        String suffix = UUID.randomUUID().toString().substring(0, 18);
        TenantId id = new TenantId("t-" + suffix);
        tenants.insert(new Tenant(id, "Tenant " + suffix, new MerchantId("m-" + suffix), T0));
        return id;
    }
}
