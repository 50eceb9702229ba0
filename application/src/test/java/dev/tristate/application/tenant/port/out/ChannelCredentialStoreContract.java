package dev.tristate.application.tenant.port.out;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore.ChannelAccount;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore.VerificationKeys;
import dev.tristate.domain.tenant.SecretInfo;
import dev.tristate.domain.tenant.TenantId;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What every {@link ChannelCredentialStore} must do, run against the MyBatis adapter and the in-memory fake. */
public abstract class ChannelCredentialStoreContract {

    protected static final Instant T0 = Instant.parse("2026-11-30T09:00:00.123456Z");
    private static final String SANDBOX = "sandbox";
    private static final String SIGNING = "signing-secret";

    protected abstract ChannelCredentialStore credentials();

    /** A tenant that exists wherever the implementation needs it to. */
    protected abstract TenantId aTenant();

    private static String anAccount() {
        return "acct-" + UUID.randomUUID();
    }

    @Test
    void aSecretIsGivenBackInClearWhileValid() {
        TenantId tenant = aTenant();
        credentials().addSecret(tenant, SANDBOX, SIGNING, "first-secret-0123456789", T0, T0);

        assertThat(credentials().validSecrets(tenant, SANDBOX, SIGNING, T0.plus(Duration.ofDays(365))))
                .containsExactly("first-secret-0123456789");
    }

    @Test
    void aRotationKeepsThePreviousSecretValidUntilTheGivenEndNewestFirst() {
        TenantId tenant = aTenant();
        credentials().addSecret(tenant, SANDBOX, SIGNING, "old-secret-0123456789", T0, T0);
        Instant rotation = T0.plus(Duration.ofDays(1));
        Instant graceEnd = rotation.plus(Duration.ofHours(24));
        credentials().addSecret(tenant, SANDBOX, SIGNING, "new-secret-0123456789", rotation, graceEnd);

        assertThat(credentials().validSecrets(tenant, SANDBOX, SIGNING, graceEnd.minusSeconds(1)))
                .containsExactly("new-secret-0123456789", "old-secret-0123456789");
        assertThat(credentials().validSecrets(tenant, SANDBOX, SIGNING, graceEnd))
                .containsExactly("new-secret-0123456789");
    }

    @Test
    void secretsAreKeptApartByTenantChannelAndName() {
        TenantId tenant = aTenant();
        TenantId other = aTenant();
        credentials().addSecret(tenant, SANDBOX, SIGNING, "tenant-secret-0123456789", T0, T0);
        credentials().addSecret(other, SANDBOX, SIGNING, "other-secret-0123456789", T0, T0);
        credentials().addSecret(tenant, "stripe", SIGNING, "stripe-secret-0123456789", T0, T0);
        credentials().addSecret(tenant, SANDBOX, "another-name", "another-secret-0123456789", T0, T0);

        assertThat(credentials().validSecrets(tenant, SANDBOX, SIGNING, T0))
                .containsExactly("tenant-secret-0123456789");
        assertThat(credentials().validSecrets(aTenant(), SANDBOX, SIGNING, T0)).isEmpty();
    }

    @Test
    void secretInfosSayWhichSecretAndUntilWhenNewestFirstNeverTheValue() {
        TenantId tenant = aTenant();
        Instant rotation = T0.plusSeconds(60);
        credentials().addSecret(tenant, SANDBOX, SIGNING, "old-secret-0123456789", T0, T0);
        credentials().addSecret(tenant, SANDBOX, SIGNING, "new-secret-0123456789", rotation,
                rotation.plus(Duration.ofHours(24)));

        List<SecretInfo> infos = credentials().secretInfos(tenant);
        assertThat(infos).extracting(SecretInfo::channel, SecretInfo::name, SecretInfo::createdAt,
                SecretInfo::validUntil).containsExactly(
                tuple(SANDBOX, SIGNING, rotation, null),
                tuple(SANDBOX, SIGNING, T0, rotation.plus(Duration.ofHours(24))));
        assertThat(infos.get(0).id()).as("ids tell secrets apart").isNotEqualTo(infos.get(1).id());
    }

    @Test
    void aRevokedSecretStopsVerifyingAtOnceAndOnlyThatSecretOfThatTenant() {
        TenantId tenant = aTenant();
        TenantId other = aTenant();
        Instant rotation = T0.plusSeconds(60);
        credentials().addSecret(tenant, SANDBOX, SIGNING, "old-secret-0123456789", T0, T0);
        credentials().addSecret(tenant, SANDBOX, SIGNING, "new-secret-0123456789", rotation,
                rotation.plus(Duration.ofHours(24)));
        credentials().addSecret(other, SANDBOX, SIGNING, "other-secret-0123456789", T0, T0);
        long old = credentials().secretInfos(tenant).get(1).id();
        long othersSecret = credentials().secretInfos(other).get(0).id();
        Instant revokedAt = rotation.plusSeconds(5);

        assertThat(credentials().revokeSecret(other, old, revokedAt)).as("another tenant's id").isFalse();
        assertThat(credentials().revokeSecret(tenant, othersSecret, revokedAt)).as("another tenant's secret")
                .isFalse();
        assertThat(credentials().revokeSecret(tenant, old, revokedAt)).isTrue();
        assertThat(credentials().revokeSecret(tenant, old, revokedAt.plusSeconds(1))).as("already ended").isFalse();

        assertThat(credentials().validSecrets(tenant, SANDBOX, SIGNING, revokedAt))
                .containsExactly("new-secret-0123456789");
        assertThat(credentials().validSecrets(other, SANDBOX, SIGNING, revokedAt))
                .containsExactly("other-secret-0123456789");
    }

    @Test
    void aBoundAccountNamesItsTenantAtThatChannelOnly() {
        TenantId tenant = aTenant();
        String account = anAccount();

        credentials().bindAccount(tenant, "alipay", account, T0);

        assertThat(credentials().tenantForAccount("alipay", account)).contains(tenant);
        assertThat(credentials().tenantForAccount("stripe", account)).isEmpty();
        assertThat(credentials().accountOf(tenant, "alipay")).contains(account);
        assertThat(credentials().accountOf(tenant, "stripe")).isEmpty();
        assertThat(credentials().accounts("alipay")).contains(new ChannelAccount(tenant, "alipay", account));
        assertThat(credentials().accounts("stripe")).doesNotContain(new ChannelAccount(tenant, "stripe", account));
    }

    @Test
    void anAccountBoundToOneTenantCannotBeBoundToAnother() {
        TenantId tenant = aTenant();
        String account = anAccount();
        credentials().bindAccount(tenant, "alipay", account, T0);

        assertThatThrownBy(() -> credentials().bindAccount(aTenant(), "alipay", account, T0))
                .isInstanceOf(PersistenceFailure.AlreadyExists.class);
        assertThat(credentials().tenantForAccount("alipay", account)).contains(tenant);
    }

    @Test
    void theSameAccountIdAtAnotherChannelIsAnotherAccount() {
        TenantId tenant = aTenant();
        TenantId other = aTenant();
        String account = anAccount();
        credentials().bindAccount(tenant, "alipay", account, T0);

        credentials().bindAccount(other, "stripe", account, T0);

        assertThat(credentials().tenantForAccount("stripe", account)).contains(other);
    }

    @Test
    void aTenantsAccountsAreListedByChannelThenAccount() {
        TenantId tenant = aTenant();
        credentials().bindAccount(tenant, "sandbox", "m-" + UUID.randomUUID(), T0);
        String alipay = "app-" + UUID.randomUUID();
        credentials().bindAccount(tenant, "alipay", alipay, T0);

        assertThat(credentials().accountsOf(tenant)).extracting(ChannelAccount::channel)
                .containsExactly("alipay", "sandbox");
        assertThat(credentials().accountsOf(tenant).get(0)).isEqualTo(new ChannelAccount(tenant, "alipay", alipay));
        assertThat(credentials().accountsOf(aTenant())).isEmpty();
    }

    @Test
    void verificationKeysAreTheAccountsTenantWithItsValidSecretsNewestFirst() {
        TenantId tenant = aTenant();
        String account = anAccount();
        credentials().bindAccount(tenant, SANDBOX, account, T0);
        credentials().addSecret(tenant, SANDBOX, SIGNING, "old-secret-0123456789", T0, T0);
        credentials().addSecret(tenant, SANDBOX, "another-name", "not-signing-0123456789", T0, T0);
        Instant rotation = T0.plus(Duration.ofDays(1));
        credentials().addSecret(tenant, SANDBOX, SIGNING, "new-secret-0123456789", rotation,
                rotation.plus(Duration.ofHours(24)));

        assertThat(credentials().verificationKeys(SANDBOX, account, SIGNING, rotation.plusSeconds(60)))
                .contains(new VerificationKeys(tenant, List.of("new-secret-0123456789", "old-secret-0123456789")));
        assertThat(credentials().verificationKeys(SANDBOX, account, SIGNING, rotation.plus(Duration.ofHours(25))))
                .contains(new VerificationKeys(tenant, List.of("new-secret-0123456789")));
    }

    @Test
    void anOwnerWithoutASecretComesWithNoneAndAnUnknownAccountWithNothing() {
        TenantId tenant = aTenant();
        String account = anAccount();
        credentials().bindAccount(tenant, SANDBOX, account, T0);

        assertThat(credentials().verificationKeys(SANDBOX, account, SIGNING, T0))
                .contains(new VerificationKeys(tenant, List.of()));
        assertThat(credentials().verificationKeys(SANDBOX, anAccount(), SIGNING, T0)).isEmpty();
        assertThat(credentials().verificationKeys("stripe", account, SIGNING, T0)).isEmpty();
    }
}
