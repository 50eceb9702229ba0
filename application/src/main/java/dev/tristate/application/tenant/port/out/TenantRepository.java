package dev.tristate.application.tenant.port.out;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.tenant.ApiKeyHash;
import dev.tristate.domain.tenant.ApiKeyInfo;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.Tenant;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Tenants and their merchant API keys (stored hashed). */
public interface TenantRepository {

    /** Inserts the tenant; {@link PersistenceFailure.AlreadyExists} when its id or merchant id is taken. */
    void insert(Tenant tenant);

    Optional<Tenant> findById(TenantId id);

    Optional<Tenant> findBySandboxMerchantId(MerchantId merchantId);

    /** Adds an API key (hash only); {@code expiresAt} null for a key without end. */
    void addApiKey(TenantId tenantId, ApiKeyHash hash, String displayPrefix, Instant createdAt, Instant expiresAt);

    /** The tenant whose key hashes to this, if the key is valid at {@code now}. */
    Optional<TenantId> findTenantByApiKey(ApiKeyHash hash, Instant now);

    /** Every tenant, by id. */
    List<Tenant> list();

    /** Ends every key of the tenant still valid after {@code at} at {@code at} (a rotation's grace period). */
    int expireApiKeys(TenantId tenantId, Instant at);

    /**
     * Ends at {@code at} the tenant's keys shown by this prefix that are still valid then (a leaked key revoked at
     * once); the number ended. Prefixes are unique within a tenant (rotation draws a new key until it is).
     */
    int revokeApiKey(TenantId tenantId, String displayPrefix, Instant at);

    /** The tenant's keys as they may be shown (prefix and validity), newest first. */
    List<ApiKeyInfo> apiKeys(TenantId tenantId);
}
