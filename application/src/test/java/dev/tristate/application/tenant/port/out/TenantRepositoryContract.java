package dev.tristate.application.tenant.port.out;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.tenant.ApiKey;
import dev.tristate.domain.tenant.ApiKeyInfo;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.Tenant;
import dev.tristate.domain.tenant.TenantId;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What every {@link TenantRepository} must do, run against the MyBatis adapter and the in-memory fake. */
public abstract class TenantRepositoryContract {

    protected static final Instant T0 = Instant.parse("2026-11-30T09:00:00.123456Z");

    protected abstract TenantRepository tenants();

    private static String suffix() {
        return UUID.randomUUID().toString().substring(0, 18);
    }

    private Tenant newTenant() {
        String s = suffix();
        Tenant tenant = new Tenant(new TenantId("t-" + s), "Shop " + s, new MerchantId("m-" + s), T0);
        tenants().insert(tenant);
        return tenant;
    }

    private static ApiKey aKey() {
        return new ApiKey("tsk_" + UUID.randomUUID().toString().replace("-", "")
                + UUID.randomUUID().toString().replace("-", ""));
    }

    @Test
    void anInsertedTenantIsFoundByIdAndBySandboxMerchantIdAsWritten() {
        Tenant tenant = newTenant();

        assertThat(tenants().findById(tenant.id())).contains(tenant);
        assertThat(tenants().findBySandboxMerchantId(tenant.sandboxMerchantId())).contains(tenant);
    }

    @Test
    void anUnknownTenantOrMerchantIdFindsNothing() {
        newTenant();

        assertThat(tenants().findById(new TenantId("t-nobody-" + suffix()))).isEmpty();
        assertThat(tenants().findBySandboxMerchantId(new MerchantId("m-nobody-" + suffix()))).isEmpty();
    }

    @Test
    void aTakenTenantIdIsAlreadyExists() {
        Tenant tenant = newTenant();

        assertThatThrownBy(() -> tenants().insert(new Tenant(tenant.id(), "Other", new MerchantId("m-" + suffix()),
                T0))).isInstanceOf(PersistenceFailure.AlreadyExists.class);
    }

    @Test
    void aTakenSandboxMerchantIdIsAlreadyExists() {
        Tenant tenant = newTenant();

        assertThatThrownBy(() -> tenants().insert(new Tenant(new TenantId("t-" + suffix()), "Other",
                tenant.sandboxMerchantId(), T0))).isInstanceOf(PersistenceFailure.AlreadyExists.class);
    }

    @Test
    void theListHoldsEveryTenantOrderedById() {
        Tenant first = newTenant();
        Tenant second = newTenant();

        assertThat(tenants().list()).contains(first, second)
                .isSortedAccordingTo(Comparator.comparing(t -> t.id().value()));
    }

    @Test
    void aKeyWithoutEndNamesItsTenantAndAnUnknownKeyNobody() {
        Tenant tenant = newTenant();
        ApiKey key = aKey();
        tenants().addApiKey(tenant.id(), key.hash(), key.displayPrefix(), T0, null);

        assertThat(tenants().findTenantByApiKey(key.hash(), T0.plus(Duration.ofDays(3650)))).contains(tenant.id());
        assertThat(tenants().findTenantByApiKey(aKey().hash(), T0)).isEmpty();
    }

    @Test
    void aKeyIsValidUpToButNotAtItsExpiry() {
        Tenant tenant = newTenant();
        ApiKey key = aKey();
        Instant expiry = T0.plus(Duration.ofHours(1));
        tenants().addApiKey(tenant.id(), key.hash(), key.displayPrefix(), T0, expiry);

        assertThat(tenants().findTenantByApiKey(key.hash(), expiry.minusNanos(1000))).contains(tenant.id());
        assertThat(tenants().findTenantByApiKey(key.hash(), expiry)).isEmpty();
    }

    @Test
    void expiringEndsOnlyTheTenantsKeysStillValidAfterTheInstantAndCountsThem() {
        Tenant tenant = newTenant();
        Tenant other = newTenant();
        ApiKey open = aKey();
        ApiKey later = aKey();
        ApiKey earlier = aKey();
        ApiKey othersKey = aKey();
        Instant at = T0.plus(Duration.ofHours(24));
        tenants().addApiKey(tenant.id(), open.hash(), open.displayPrefix(), T0, null);
        tenants().addApiKey(tenant.id(), later.hash(), later.displayPrefix(), T0, at.plus(Duration.ofDays(7)));
        tenants().addApiKey(tenant.id(), earlier.hash(), earlier.displayPrefix(), T0, T0.plusSeconds(60));
        tenants().addApiKey(other.id(), othersKey.hash(), othersKey.displayPrefix(), T0, null);

        int ended = tenants().expireApiKeys(tenant.id(), at);

        assertThat(ended).isEqualTo(2);
        assertThat(tenants().apiKeys(tenant.id())).extracting(ApiKeyInfo::expiresAt)
                .containsExactlyInAnyOrder(at, at, T0.plusSeconds(60));
        assertThat(tenants().findTenantByApiKey(open.hash(), at.minusSeconds(1))).contains(tenant.id());
        assertThat(tenants().findTenantByApiKey(open.hash(), at)).isEmpty();
        assertThat(tenants().findTenantByApiKey(othersKey.hash(), at.plus(Duration.ofDays(30))))
                .as("another tenant's key").contains(other.id());
    }

    @Test
    void aRevokedKeyEndsAtOnceAndOnlyThatKeyOfThatTenant() {
        Tenant tenant = newTenant();
        Tenant other = newTenant();
        ApiKey leaked = aKey();
        ApiKey kept = aKey();
        ApiKey othersKey = aKey();
        tenants().addApiKey(tenant.id(), leaked.hash(), leaked.displayPrefix(), T0, null);
        tenants().addApiKey(tenant.id(), kept.hash(), kept.displayPrefix(), T0, null);
        tenants().addApiKey(other.id(), othersKey.hash(), othersKey.displayPrefix(), T0, null);
        Instant at = T0.plusSeconds(30);

        assertThat(tenants().revokeApiKey(other.id(), leaked.displayPrefix(), at)).as("another tenant's").isZero();
        assertThat(tenants().revokeApiKey(tenant.id(), leaked.displayPrefix(), at)).isEqualTo(1);
        assertThat(tenants().revokeApiKey(tenant.id(), leaked.displayPrefix(), at.plusSeconds(1)))
                .as("already ended").isZero();

        assertThat(tenants().findTenantByApiKey(leaked.hash(), at)).isEmpty();
        assertThat(tenants().findTenantByApiKey(leaked.hash(), at.minusSeconds(1))).contains(tenant.id());
        assertThat(tenants().findTenantByApiKey(kept.hash(), at.plusSeconds(60))).contains(tenant.id());
        assertThat(tenants().findTenantByApiKey(othersKey.hash(), at.plusSeconds(60))).contains(other.id());
    }

    @Test
    void theKeysAreShownByPrefixAndValidityNewestFirst() {
        Tenant tenant = newTenant();
        ApiKey old = aKey();
        ApiKey current = aKey();
        tenants().addApiKey(tenant.id(), old.hash(), old.displayPrefix(), T0, T0.plus(Duration.ofDays(1)));
        tenants().addApiKey(tenant.id(), current.hash(), current.displayPrefix(), T0.plusSeconds(60), null);

        assertThat(tenants().apiKeys(tenant.id())).containsExactly(
                new ApiKeyInfo(current.displayPrefix(), T0.plusSeconds(60), null),
                new ApiKeyInfo(old.displayPrefix(), T0, T0.plus(Duration.ofDays(1))));
        assertThat(tenants().apiKeys(newTenant().id())).isEmpty();
    }
}
