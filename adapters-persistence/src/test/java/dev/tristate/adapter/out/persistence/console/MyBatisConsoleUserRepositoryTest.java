package dev.tristate.adapter.out.persistence.console;

import dev.tristate.adapter.out.persistence.PersistenceTestApplication;
import dev.tristate.testing.IntegrationEnvironment;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import dev.tristate.application.console.port.out.ConsoleUserRepository;
import dev.tristate.application.console.port.out.ConsoleUserRepositoryContract;

/** The console users' contract on MyBatis: MariaDB under .ci/run, H2 elsewhere. */
@SpringBootTest(classes = PersistenceTestApplication.class, properties = {
        "tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="})
class MyBatisConsoleUserRepositoryTest extends ConsoleUserRepositoryContract {

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        IntegrationEnvironment.register(registry);
    }

    @Autowired ConsoleUserRepository users;

    @Override
    protected ConsoleUserRepository users() {
        return users;
    }
}
