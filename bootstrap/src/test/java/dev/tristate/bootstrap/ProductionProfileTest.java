package dev.tristate.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantCommand;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantResult;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.application.tenant.port.out.TenantRepository;
import dev.tristate.domain.tenant.ApiKey;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.TenantId;
import dev.tristate.testing.IntegrationEnvironment;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The prod profile against the services the test run was given (MariaDB and RabbitMQ under .ci/run): it refuses to
 * start without its settings or its database (a broker that is down does not stop it: StartWithoutTheBrokerTest),
 * and with tristate.demo.enabled=true it provisions the configured demo tenant once.
 */
class ProductionProfileTest {

    private static final String MASTER_KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

    /** What the server's own settings imply, read here independently of the code under test. */
    private static String expectedDurability(ConfigurableApplicationContext app) {
        if (!IntegrationEnvironment.realDatabase()) {
            return "AT_RISK";
        }
        var jdbc = new org.springframework.jdbc.core.JdbcTemplate(app.getBean(javax.sql.DataSource.class));
        int flush = jdbc.queryForObject("SELECT @@innodb_flush_log_at_trx_commit", Integer.class);
        int sync = jdbc.queryForObject("SELECT @@sync_binlog", Integer.class);
        boolean binlog = jdbc.queryForObject("SELECT @@log_bin", Integer.class) != 0;
        return flush == 1 && (!binlog || sync == 1) ? "DURABLE" : "AT_RISK";
    }

    @Test
    void refusesToStartAndNamesWhatIsMissing() {
        assertThatThrownBy(() -> new SpringApplicationBuilder(TristateApplication.class)
                .profiles("prod")
                .run("--server.port=0", "--spring.datasource.url=", "--spring.rabbitmq.host="))
                .hasStackTraceContaining("spring.datasource.url")
                .hasStackTraceContaining("spring.rabbitmq.host")
                .hasStackTraceContaining("tristate.security.master-key");
    }

    @Test
    void refusesToStartWhenTheDatabaseCannotBeReached() {
        assertThatThrownBy(() -> new SpringApplicationBuilder(TristateApplication.class)
                .profiles("prod")
                .run("--server.port=0", "--spring.datasource.url=jdbc:mysql://127.0.0.1:1/nothing",
                        "--spring.datasource.hikari.connection-timeout=2000",
                        "--tristate.datasource.statement-timeout=1s",
                        "--spring.rabbitmq.host=127.0.0.1", "--tristate.security.master-key=" + MASTER_KEY))
                .hasStackTraceContaining("Communications link failure");
    }

    @Test
    void provisionsTheConfiguredDemoTenantOnceAgainstTheRealServices() {
        String merchant = "m-prod-" + Long.toHexString(System.nanoTime());
        String tenantId = "demo-" + Long.toHexString(System.nanoTime());
        String apiKey = "tsk_" + "a".repeat(60) + Long.toHexString(System.nanoTime()).substring(0, 4);
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(TristateApplication.class)
                .profiles("prod")
                .run("--server.port=0",
                        "--spring.datasource.url=" + IntegrationEnvironment.jdbcUrl(),
                        "--spring.datasource.username=" + IntegrationEnvironment.dbUser(),
                        "--spring.datasource.password=" + IntegrationEnvironment.dbPassword(),
                        "--spring.rabbitmq.host=" + IntegrationEnvironment.rabbitHost(),
                        "--spring.rabbitmq.port=" + IntegrationEnvironment.rabbitPort(),
                        "--spring.rabbitmq.username=" + IntegrationEnvironment.rabbitUser(),
                        "--spring.rabbitmq.password=" + IntegrationEnvironment.rabbitPassword(),
                        "--spring.rabbitmq.virtual-host=" + IntegrationEnvironment.rabbitVirtualHost(),
                        "--tristate.security.master-key=" + MASTER_KEY,
                        "--tristate.demo.enabled=true",
                        "--tristate.demo.tenant-id=" + tenantId,
                        "--tristate.demo.merchant-id=" + merchant,
                        "--tristate.demo.api-key=" + apiKey,
                        "--tristate.demo.sandbox-secret=configured-secret-123456")) {
            TenantRepository tenants = app.getBean(TenantRepository.class);
            TenantId demo = new TenantId(tenantId);
            assertThat(tenants.findBySandboxMerchantId(new MerchantId(merchant))).get()
                    .extracting(t -> t.id()).isEqualTo(demo);
            assertThat(tenants.findTenantByApiKey(new ApiKey(apiKey).hash(), Instant.now())).contains(demo);
            assertThat(app.getBean(ChannelCredentialStore.class)
                    .validSecrets(demo, "sandbox", "signing-secret", Instant.now()))
                    .contains("configured-secret-123456");

            org.springframework.boot.health.contributor.Health durability = app.getBean("durabilityHealthIndicator",
                    org.springframework.boot.health.contributor.HealthIndicator.class).health();
            assertThat(durability.getDetails().get("verdict")).isEqualTo(expectedDurability(app));

            ProvisionTenantResult again = app.getBean(ProvisionTenantUseCase.class).provision(
                    new ProvisionTenantCommand(demo, "Demo shop", new MerchantId(merchant), Optional.empty(),
                            Optional.empty()));
            assertThat(again.created()).isFalse();
            assertThat(again.apiKey()).isEmpty();
        }
    }
}
