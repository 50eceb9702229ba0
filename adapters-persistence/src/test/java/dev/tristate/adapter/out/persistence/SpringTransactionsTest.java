package dev.tristate.adapter.out.persistence;

import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.shared.port.out.TransactionsContract;
import dev.tristate.application.tenant.port.out.TenantRepository;
import dev.tristate.testing.IntegrationEnvironment;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The unit of work's contract on Spring's transaction manager: MariaDB under .ci/run, H2 elsewhere. */
@SpringBootTest(classes = PersistenceTestApplication.class, properties = {
        "tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="})
// Its own context: closed after the class, so that cached contexts do not hold a shared MariaDB's connections.
@DirtiesContext
class SpringTransactionsTest extends TransactionsContract {

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        IntegrationEnvironment.register(registry);
    }

    @Autowired
    Transactions transactions;

    @Autowired
    TenantRepository tenants;

    @Override
    protected Transactions transactions() {
        return transactions;
    }

    @Override
    protected TenantRepository tenants() {
        return tenants;
    }
}
