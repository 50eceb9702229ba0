package dev.tristate.adapter.out.persistence.outbox;

import dev.tristate.adapter.out.persistence.PersistenceTestApplication;
import dev.tristate.application.outbox.port.out.BacklogSampleStore;
import dev.tristate.application.outbox.port.out.BacklogSampleStoreContract;
import dev.tristate.testing.IntegrationEnvironment;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The backlog samples' contract on MyBatis: MariaDB under .ci/run, H2 elsewhere. */
@SpringBootTest(classes = PersistenceTestApplication.class, properties = {
        "tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="})
// Its own context (its own property source): closed after the class, so that the pools of the contexts cached for
// earlier classes do not exhaust a shared MariaDB's connections.
@DirtiesContext
class MyBatisBacklogSampleStoreTest extends BacklogSampleStoreContract {

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        IntegrationEnvironment.register(registry);
    }

    @Autowired BacklogSampleStore store;

    @Override
    protected BacklogSampleStore store() {
        return store;
    }
}
