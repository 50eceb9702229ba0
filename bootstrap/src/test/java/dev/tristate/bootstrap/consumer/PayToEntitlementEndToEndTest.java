package dev.tristate.bootstrap.consumer;

import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantCommand;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase;
import dev.tristate.bootstrap.TristateApplication;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.TenantId;
import dev.tristate.testing.IntegrationEnvironment;
import java.nio.file.Path;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Create a payment through the merchant API, pay it through the sandbox channel with duplicated and reordered
 * notifications, and see exactly one entitlement per payment in {@code GET /api/v1/payments/{id}}: on the embedded
 * default (no setting at all but a data directory) and on the prod profile against the test run's services (MariaDB
 * and RabbitMQ under .ci/run).
 */
class PayToEntitlementEndToEndTest {

    private static final String DEMO_KEY = "tsk_" + "e2e".repeat(20);
    private static final String DEMO_SECRET = "whsec_e2e_demo_sandbox_secret";

    @Test
    void onTheEmbeddedDefault(@TempDir Path dataDir) throws Exception {
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(TristateApplication.class)
                .profiles("embedded").run("--server.port=0", "--tristate.data-dir=" + dataDir,
                        "--tristate.demo.api-key=" + DEMO_KEY, "--tristate.demo.sandbox-secret=" + DEMO_SECRET,
                        "--tristate.relay.interval=100ms")) {
            int port = ((WebServerApplicationContext) app).getWebServer().getPort();
            new PayToEntitlementScenario(port, DEMO_KEY, "demo-merchant", DEMO_SECRET).run();
        }
    }

    @Nested
    @SpringBootTest(classes = TristateApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
            properties = {"tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
                    "tristate.sandbox-channel.enabled=true", "tristate.relay.interval=100ms"})
    @ActiveProfiles("prod")
    class OnTheIntegrationServices {

        @DynamicPropertySource
        static void services(DynamicPropertyRegistry registry) {
            IntegrationEnvironment.register(registry);
        }

        @LocalServerPort int port;
        @Autowired ProvisionTenantUseCase provisioning;

        @Test
        void onTheProdProfile() throws Exception {
            runForANewTenant(provisioning, port, "e2e");
        }
    }

    /**
     * The relay polls once every ten minutes here, after its first round at start: every entitlement within the
     * scenario's minute comes from the relay being woken by the commits that wrote the events.
     */
    @Nested
    @SpringBootTest(classes = TristateApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
            properties = {"tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
                    "tristate.sandbox-channel.enabled=true", "tristate.relay.interval=10m",
                    "tristate.relay.max-pause=10m"})
    @ActiveProfiles("prod")
    class WithTheRelayWokenByCommits {

        @DynamicPropertySource
        static void services(DynamicPropertyRegistry registry) {
            IntegrationEnvironment.register(registry);
        }

        @LocalServerPort int port;
        @Autowired ProvisionTenantUseCase provisioning;

        @Test
        void eachEventIsPublishedAfterItsCommitWithoutWaitingForThePoll() throws Exception {
            runForANewTenant(provisioning, port, "wake");
        }
    }

    /** The scenario for a tenant provisioned for it, with its own sandbox merchant id and secret. */
    private static void runForANewTenant(ProvisionTenantUseCase provisioning, int port, String label)
            throws Exception {
        String suffix = UUID.randomUUID().toString().substring(0, 12);
        String merchant = "m-" + label + "-" + suffix;
        String secret = "e2e-sandbox-secret-" + suffix;
        var provisioned = provisioning.provision(new ProvisionTenantCommand(new TenantId("t-" + label + "-" + suffix),
                label + " " + suffix, new MerchantId(merchant), Optional.empty(), Optional.of(secret)));
        new PayToEntitlementScenario(port, provisioned.apiKey().orElseThrow().value(), merchant, secret).run();
    }
}
