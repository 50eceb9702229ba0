package dev.tristate.adapter.out.persistence;

import dev.tristate.testing.IntegrationEnvironment;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** Base of the adapter's integration tests: the real MariaDB under .ci/run, the embedded H2 elsewhere. */
@SpringBootTest(classes = PersistenceTestApplication.class, properties = {
        "tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="})
public abstract class PersistenceIntegrationTest {

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        IntegrationEnvironment.register(registry);
    }
}
