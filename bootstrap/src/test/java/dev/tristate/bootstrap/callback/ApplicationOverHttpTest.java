package dev.tristate.bootstrap.callback;

import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase;
import dev.tristate.bootstrap.TristateApplication;
import dev.tristate.testing.IntegrationEnvironment;
import javax.sql.DataSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The whole application on the prod profile, on a random port, against the integration services (MariaDB and
 * RabbitMQ under .ci/run). One configuration for all the callback end-to-end tests, so they share one context. These
 * tests send many refused callbacks from one address and look at their records, so the budget for recording them is
 * set out of reach here (CallbackFloodTest keeps the default's behaviour under test).
 */
@SpringBootTest(classes = TristateApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
                "tristate.callbacks.rejected.limit-per-period=1000000",
                "tristate.callbacks.rejected.max-stored-bytes=1000000"})
@ActiveProfiles("prod")
abstract class ApplicationOverHttpTest {

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        IntegrationEnvironment.register(registry);
    }

    @LocalServerPort
    int port;

    @Autowired
    ProvisionTenantUseCase tenants;

    @Autowired
    DataSource dataSource;
}
