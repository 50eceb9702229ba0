package dev.tristate.application.tenant.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.fakes.InMemoryChannelCredentialStore;
import dev.tristate.application.fakes.InMemoryTenantRepository;
import dev.tristate.application.fakes.InMemoryTransactions;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantCommand;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantResult;
import dev.tristate.domain.tenant.ApiKey;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.TenantId;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ProvisionTenantServiceTest {

    private static final Instant NOW = Instant.parse("2026-01-02T03:04:05Z");
    private static final TenantId TENANT = new TenantId("tenant-a");
    private static final MerchantId MERCHANT = new MerchantId("m-a");
    private static final ApiKey CONFIGURED_KEY = new ApiKey("tsk_" + "1".repeat(64));

    private final InMemoryTenantRepository tenants = new InMemoryTenantRepository();
    private final InMemoryChannelCredentialStore credentials = new InMemoryChannelCredentialStore();
    private final ProvisionTenantService service = new ProvisionTenantService(tenants, credentials,
            new InMemoryTransactions(tenants), Clock.fixed(NOW, ZoneOffset.UTC), new SecureRandom());

    @Test
    void aNewTenantGetsTheConfiguredKeyAndSecretWithItsSandboxAccount() {
        ProvisionTenantResult result = service.provision(new ProvisionTenantCommand(TENANT, "Shop A", MERCHANT,
                Optional.of(CONFIGURED_KEY), Optional.of("configured-secret-42")));

        assertThat(result).isEqualTo(new ProvisionTenantResult(TENANT, MERCHANT, true, Optional.of(CONFIGURED_KEY),
                Optional.of("configured-secret-42")));
        assertThat(tenants.findTenantByApiKey(CONFIGURED_KEY.hash(), NOW)).contains(TENANT);
        assertThat(credentials.validSecrets(TENANT, "sandbox", "signing-secret", NOW))
                .containsExactly("configured-secret-42");
        assertThat(credentials.tenantForAccount("sandbox", "m-a")).contains(TENANT);
    }

    @Test
    void withoutConfigurationAKeyAndASecretAreGeneratedFreshEachTime() {
        ProvisionTenantResult a = service.provision(new ProvisionTenantCommand(TENANT, "Shop A", MERCHANT,
                Optional.empty(), Optional.empty()));
        ProvisionTenantResult b = service.provision(new ProvisionTenantCommand(new TenantId("tenant-b"), "Shop B",
                new MerchantId("m-b"), Optional.empty(), Optional.empty()));

        assertThat(a.apiKey().orElseThrow().value()).startsWith("tsk_").hasSize(4 + 64);
        assertThat(a.sandboxSecret().orElseThrow()).startsWith("whsec_").hasSize(6 + 48);
        assertThat(b.apiKey()).isNotEqualTo(a.apiKey());
        assertThat(b.sandboxSecret()).isNotEqualTo(a.sandboxSecret());
        assertThat(tenants.findTenantByApiKey(a.apiKey().orElseThrow().hash(), NOW)).contains(TENANT);
    }

    @Test
    void provisioningAnExistingTenantAgainChangesNothingAndShowsNoSecret() {
        service.provision(new ProvisionTenantCommand(TENANT, "Shop A", MERCHANT, Optional.of(CONFIGURED_KEY),
                Optional.of("configured-secret-42")));

        ProvisionTenantResult again = service.provision(new ProvisionTenantCommand(TENANT, "Shop A", MERCHANT,
                Optional.empty(), Optional.empty()));

        assertThat(again).isEqualTo(new ProvisionTenantResult(TENANT, MERCHANT, false, Optional.empty(),
                Optional.empty()));
        assertThat(tenants.apiKeys(TENANT)).hasSize(1);
        assertThat(credentials.secretInfos(TENANT)).hasSize(1);
    }
}
