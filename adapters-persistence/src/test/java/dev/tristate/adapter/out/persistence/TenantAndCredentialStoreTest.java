package dev.tristate.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.adapter.out.persistence.jdbc.Rows;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.application.tenant.port.out.TenantRepository;
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
    void oneReadGivesTheAccountsTenantAndItsValidSecretsNewestFirst() {
        Tenant tenant = newTenant();
        Tenant other = newTenant();
        String account = "acct-" + UUID.randomUUID();
        credentials.bindAccount(tenant.id(), "sandbox", account, NOW);
        credentials.addSecret(tenant.id(), "sandbox", "signing-secret", "old-secret-0123456789", NOW, NOW);
        credentials.addSecret(other.id(), "sandbox", "signing-secret", "other-tenant-secret-1", NOW, NOW);
        credentials.addSecret(tenant.id(), "sandbox", "another-name", "not-a-signing-secret1", NOW, NOW);
        Instant rotation = NOW.plus(Duration.ofDays(1));
        credentials.addSecret(tenant.id(), "sandbox", "signing-secret", "new-secret-0123456789", rotation,
                rotation.plus(Duration.ofHours(24)));

        assertThat(credentials.verificationKeys("sandbox", account, "signing-secret", rotation.plusSeconds(60)))
                .contains(new ChannelCredentialStore.VerificationKeys(tenant.id(),
                        List.of("new-secret-0123456789", "old-secret-0123456789")));
        assertThat(credentials.verificationKeys("sandbox", account, "signing-secret",
                rotation.plus(Duration.ofHours(25))))
                .contains(new ChannelCredentialStore.VerificationKeys(tenant.id(), List.of("new-secret-0123456789")));
        assertThat(credentials.verificationKeys("sandbox", account, "signing-secret", rotation.plusSeconds(60)))
                .as("the same answer as the two separate reads")
                .contains(new ChannelCredentialStore.VerificationKeys(
                        credentials.tenantForAccount("sandbox", account).orElseThrow(),
                        credentials.validSecrets(tenant.id(), "sandbox", "signing-secret", rotation.plusSeconds(60))));
    }

    @Test
    void anOwnerWithoutAValidSecretComesWithNoneAndAnUnknownAccountWithNothing() {
        Tenant tenant = newTenant();
        String account = "acct-" + UUID.randomUUID();
        credentials.bindAccount(tenant.id(), "sandbox", account, NOW);

        assertThat(credentials.verificationKeys("sandbox", account, "signing-secret", NOW))
                .contains(new ChannelCredentialStore.VerificationKeys(tenant.id(), List.of()));
        credentials.addSecret(tenant.id(), "sandbox", "signing-secret", "only-secret-0123456789", NOW, NOW);
        credentials.addSecret(tenant.id(), "sandbox", "signing-secret", "next-secret-0123456789", NOW,
                NOW.plusSeconds(1));
        credentials.addSecret(tenant.id(), "sandbox", "signing-secret", "last-secret-0123456789", NOW,
                NOW.plusSeconds(1));
        jdbc.update("UPDATE channel_secrets SET valid_until = ? WHERE tenant_id = ?",
                Rows.utc(NOW.plusSeconds(1)), tenant.id().value());
        assertThat(credentials.verificationKeys("sandbox", account, "signing-secret", NOW.plusSeconds(5)))
                .as("every secret expired").contains(new ChannelCredentialStore.VerificationKeys(tenant.id(),
                        List.of()));
        assertThat(credentials.verificationKeys("sandbox", "acct-nobody-" + UUID.randomUUID(), "signing-secret", NOW))
                .isEmpty();
        assertThat(credentials.verificationKeys("stripe", account, "signing-secret", NOW))
                .as("an account is per channel").isEmpty();
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
