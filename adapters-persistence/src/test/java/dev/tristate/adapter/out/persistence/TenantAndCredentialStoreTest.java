package dev.tristate.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.port.out.ChannelCredentialStore;
import dev.tristate.application.port.out.PersistenceFailure;
import dev.tristate.application.port.out.TenantRepository;
import dev.tristate.domain.tenant.ApiKey;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.Tenant;
import dev.tristate.domain.tenant.TenantId;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

class TenantAndCredentialStoreTest extends PersistenceIntegrationTest {

    private static final Instant NOW = Instant.parse("2026-11-30T09:00:00Z");

    @Autowired
    TenantRepository tenants;

    @Autowired
    ChannelCredentialStore credentials;

    @Autowired
    JdbcTemplate jdbc;

    private Tenant newTenant() {
        String suffix = UUID.randomUUID().toString().substring(0, 18);
        Tenant tenant = new Tenant(new TenantId("t-" + suffix), "Shop " + suffix, new MerchantId("m-" + suffix), NOW);
        tenants.insert(tenant);
        return tenant;
    }

    @Test
    void aTenantIsFoundByIdAndByItsSandboxMerchantId() {
        Tenant tenant = newTenant();

        assertThat(tenants.findById(tenant.id())).contains(tenant);
        assertThat(tenants.findBySandboxMerchantId(tenant.sandboxMerchantId())).contains(tenant);
    }

    @Test
    void aSecondTenantWithTheSameIdOrMerchantIdIsRefusedByTheDatabase() {
        Tenant tenant = newTenant();

        assertThatThrownBy(() -> tenants.insert(tenant)).isInstanceOf(PersistenceFailure.AlreadyExists.class);
        assertThatThrownBy(() -> tenants.insert(new Tenant(new TenantId("t-other-" + UUID.randomUUID()
                .toString().substring(0, 8)), "Other", tenant.sandboxMerchantId(), NOW)))
                .isInstanceOf(PersistenceFailure.AlreadyExists.class);
    }

    @Test
    void anApiKeyIsStoredOnlyAsItsHashAndStopsWorkingWhenItExpires() {
        Tenant tenant = newTenant();
        ApiKey key = ApiKey.fromRandomBytes(UUID.randomUUID().toString().repeat(2).getBytes());
        tenants.addApiKey(tenant.id(), key.hash(), key.displayPrefix(), NOW, NOW.plus(Duration.ofHours(1)));

        assertThat(tenants.findTenantByApiKey(key.hash(), NOW)).contains(tenant.id());
        assertThat(tenants.findTenantByApiKey(key.hash(), NOW.plus(Duration.ofHours(2)))).isEmpty();
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM tenant_api_keys WHERE key_hash = ?", Long.class,
                key.value())).as("the clear key is nowhere in the table").isZero();
    }

    @Test
    void aRotatedSecretKeepsVerifyingUntilItsGracePeriodEnds() {
        Tenant tenant = newTenant();
        credentials.addSecret(tenant.id(), "sandbox", "signing-secret", "old-secret-0123456789", NOW, NOW);
        Instant rotation = NOW.plus(Duration.ofDays(1));
        credentials.addSecret(tenant.id(), "sandbox", "signing-secret", "new-secret-0123456789", rotation,
                rotation.plus(Duration.ofHours(24)));

        assertThat(credentials.validSecrets(tenant.id(), "sandbox", "signing-secret", rotation.plusSeconds(60)))
                .containsExactly("new-secret-0123456789", "old-secret-0123456789");
        assertThat(credentials.validSecrets(tenant.id(), "sandbox", "signing-secret",
                rotation.plus(Duration.ofHours(25)))).containsExactly("new-secret-0123456789");
    }

    @Test
    void secretsAreEncryptedAtRest() {
        Tenant tenant = newTenant();
        credentials.addSecret(tenant.id(), "sandbox", "signing-secret", "plain-secret-value-42", NOW, NOW);

        List<String> stored = jdbc.queryForList("SELECT ciphertext FROM channel_secrets WHERE tenant_id = ?",
                String.class, tenant.id().value());
        assertThat(stored).hasSize(1);
        assertThat(stored.get(0)).startsWith("v1:").doesNotContain("plain-secret-value-42");
    }
}
