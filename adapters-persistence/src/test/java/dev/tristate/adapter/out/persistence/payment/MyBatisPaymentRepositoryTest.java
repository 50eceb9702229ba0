package dev.tristate.adapter.out.persistence.payment;

import dev.tristate.adapter.out.persistence.PersistenceTestApplication;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.payment.port.out.PaymentRepositoryContract;
import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.application.refund.port.out.RefundStoreContract;
import dev.tristate.application.tenant.port.out.TenantRepository;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.Tenant;
import dev.tristate.domain.tenant.TenantId;
import java.util.UUID;
import org.junit.jupiter.api.Nested;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The payment repository's and the refund store's contracts on MyBatis: MariaDB under .ci/run, H2 elsewhere. */
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

    @Autowired
    RefundStore refunds;

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

    /** The refund store's contract, on the same database and with the same tenants. */
    @Nested
    class TheRefundStore extends RefundStoreContract {
        @Override
        protected RefundStore refunds() {
            return refunds;
        }

        @Override
        protected PaymentRepository payments() {
            return payments;
        }

        @Override
        protected TenantId aTenant() {
            return MyBatisPaymentRepositoryTest.this.aTenant();
        }
    }
}
