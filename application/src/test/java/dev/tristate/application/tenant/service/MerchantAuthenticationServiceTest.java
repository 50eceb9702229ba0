package dev.tristate.application.tenant.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.tenant.port.out.TenantRepository;
import dev.tristate.domain.tenant.ApiKey;
import dev.tristate.domain.tenant.ApiKeyHash;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.Tenant;
import dev.tristate.domain.tenant.TenantId;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MerchantAuthenticationServiceTest {

    private static final Instant NOW = Instant.parse("2026-11-30T08:00:00Z");
    private static final TenantId TENANT = new TenantId("tenant-a");
    private static final ApiKey KEY = new ApiKey("tsk_" + "1".repeat(64));
    private static final ApiKey OLD_KEY = new ApiKey("tsk_" + "2".repeat(64));

    private final KeysOnly tenants = new KeysOnly();
    private final MerchantAuthenticationService service =
            new MerchantAuthenticationService(tenants, Clock.fixed(NOW, ZoneOffset.UTC));

    MerchantAuthenticationServiceTest() {
        tenants.addApiKey(TENANT, KEY.hash(), KEY.displayPrefix(), NOW.minusSeconds(60), null);
        tenants.addApiKey(TENANT, OLD_KEY.hash(), OLD_KEY.displayPrefix(), NOW.minusSeconds(60), NOW);
    }

    @Test
    void aKnownKeyNamesItsTenant() {
        assertThat(service.tenantFor(KEY)).contains(TENANT);
    }

    @Test
    void anUnknownOrExpiredKeyNamesNobody() {
        assertThat(service.tenantFor(new ApiKey("tsk_" + "3".repeat(64)))).isEmpty();
        assertThat(service.tenantFor(OLD_KEY)).isEmpty();
    }

    /** The part of the tenant repository that authentication uses: keys by hash, with an end. */
    private static final class KeysOnly implements TenantRepository {
        private record Key(TenantId tenant, Instant expiresAt) {
        }

        private final Map<ApiKeyHash, Key> keys = new HashMap<>();

        @Override
        public void addApiKey(TenantId tenantId, ApiKeyHash hash, String displayPrefix, Instant createdAt,
                              Instant expiresAt) {
            keys.put(hash, new Key(tenantId, expiresAt));
        }

        @Override
        public Optional<TenantId> findTenantByApiKey(ApiKeyHash hash, Instant now) {
            return Optional.ofNullable(keys.get(hash))
                    .filter(k -> k.expiresAt() == null || k.expiresAt().isAfter(now))
                    .map(Key::tenant);
        }

        @Override
        public void insert(Tenant tenant) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<Tenant> findById(TenantId id) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<Tenant> findBySandboxMerchantId(MerchantId merchantId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public java.util.List<Tenant> list() {
            throw new UnsupportedOperationException();
        }

        @Override
        public int expireApiKeys(TenantId tenantId, Instant at) {
            throw new UnsupportedOperationException();
        }

        @Override
        public int revokeApiKey(TenantId tenantId, String displayPrefix, Instant at) {
            throw new UnsupportedOperationException();
        }

        @Override
        public java.util.List<dev.tristate.domain.tenant.ApiKeyInfo> apiKeys(TenantId tenantId) {
            throw new UnsupportedOperationException();
        }
    }
}
