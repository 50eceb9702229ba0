package dev.tristate.adapter.out.persistence.resolution;

import dev.tristate.adapter.out.persistence.PersistenceTestApplication;
import dev.tristate.application.resolution.port.out.UnknownOutcomeLedger;
import dev.tristate.application.resolution.port.out.UnknownOutcomeLedgerContract;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.testing.IntegrationEnvironment;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The unknown-outcome ledger on MyBatis (MariaDB under .ci/run, H2 elsewhere), held to the port's contract. */
@SpringBootTest(classes = PersistenceTestApplication.class, properties = {
        "tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="})
class MyBatisUnknownOutcomeLedgerTest extends UnknownOutcomeLedgerContract {

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        IntegrationEnvironment.register(registry);
    }

    @Autowired UnknownOutcomeLedger ledger;
    @Autowired Transactions transactions;

    @Override
    protected UnknownOutcomeLedger ledger() {
        return ledger;
    }

    @Override
    protected Transactions transactions() {
        return transactions;
    }
}
