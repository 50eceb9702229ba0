package dev.tristate.adapter.out.persistence.resolution;

import dev.tristate.adapter.out.persistence.PersistenceTestApplication;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.resolution.port.out.ResolutionCasesContract;
import dev.tristate.application.shared.port.out.Transactions;
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

/** The resolver's cases on MyBatis (MariaDB under .ci/run, H2 elsewhere), held to the port's contract. */
@SpringBootTest(classes = PersistenceTestApplication.class, properties = {
        "tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="})
class MyBatisResolutionCasesTest extends ResolutionCasesContract {

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        IntegrationEnvironment.register(registry);
    }

    @Autowired ResolutionCases cases;
    @Autowired PaymentRepository payments;
    @Autowired TenantRepository tenants;
    @Autowired Transactions transactions;

    @Override
    protected ResolutionCases cases() {
        return cases;
    }

    @Override
    protected PaymentRepository payments() {
        return payments;
    }

    @Override
    protected Transactions transactions() {
        return transactions;
    }

    @Override
    protected TenantId aTenant() {
        String suffix = UUID.randomUUID().toString().substring(0, 18);
        TenantId id = new TenantId("t-" + suffix);
        tenants.insert(new Tenant(id, "Tenant " + suffix, new MerchantId("m-" + suffix), T0));
        return id;
    }
}
