package dev.tristate.application.fakes;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.tenant.port.out.TenantRepository;
import dev.tristate.domain.tenant.ApiKeyHash;
import dev.tristate.domain.tenant.ApiKeyInfo;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.Tenant;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** Tenants and their API keys in memory, with the database's unique id, merchant id and key hash. */
public class InMemoryTenantRepository implements TenantRepository, InMemoryTransactions.Participant {

    private record Key(TenantId tenant, ApiKeyHash hash, String displayPrefix, Instant createdAt, Instant expiresAt) {
        boolean validAfter(Instant at) {
            return expiresAt == null || expiresAt.isAfter(at);
        }
    }

    private List<Tenant> tenants = new ArrayList<>();
    private List<Key> keys = new ArrayList<>();

    @Override
    public synchronized void insert(Tenant tenant) {
        if (tenants.stream().anyMatch(t -> t.id().equals(tenant.id())
                || t.sandboxMerchantId().equals(tenant.sandboxMerchantId()))) {
            throw new PersistenceFailure.AlreadyExists("tenant " + tenant.id() + " or its merchant id exists", null);
        }
        tenants.add(tenant);
    }

    @Override
    public synchronized Optional<Tenant> findById(TenantId id) {
        return tenants.stream().filter(t -> t.id().equals(id)).findFirst();
    }

    @Override
    public synchronized Optional<Tenant> findBySandboxMerchantId(MerchantId merchantId) {
        return tenants.stream().filter(t -> t.sandboxMerchantId().equals(merchantId)).findFirst();
    }

    @Override
    public synchronized void addApiKey(TenantId tenantId, ApiKeyHash hash, String displayPrefix, Instant createdAt,
                                       Instant expiresAt) {
        if (keys.stream().anyMatch(k -> k.hash().equals(hash))) {
            throw new PersistenceFailure.AlreadyExists("api key exists", null);
        }
        keys.add(new Key(tenantId, hash, displayPrefix, createdAt, expiresAt));
    }

    @Override
    public synchronized Optional<TenantId> findTenantByApiKey(ApiKeyHash hash, Instant now) {
        return keys.stream().filter(k -> k.hash().equals(hash) && k.validAfter(now)).map(Key::tenant).findFirst();
    }

    @Override
    public synchronized List<Tenant> list() {
        return tenants.stream().sorted(Comparator.comparing(t -> t.id().value())).toList();
    }

    @Override
    public synchronized int expireApiKeys(TenantId tenantId, Instant at) {
        int ended = 0;
        for (int i = 0; i < keys.size(); i++) {
            Key k = keys.get(i);
            if (k.tenant().equals(tenantId) && k.validAfter(at)) {
                keys.set(i, new Key(k.tenant(), k.hash(), k.displayPrefix(), k.createdAt(), at));
                ended++;
            }
        }
        return ended;
    }

    @Override
    public synchronized int revokeApiKey(TenantId tenantId, String displayPrefix, Instant at) {
        int ended = 0;
        for (int i = 0; i < keys.size(); i++) {
            Key k = keys.get(i);
            if (k.tenant().equals(tenantId) && k.displayPrefix().equals(displayPrefix) && k.validAfter(at)) {
                keys.set(i, new Key(k.tenant(), k.hash(), k.displayPrefix(), k.createdAt(), at));
                ended++;
            }
        }
        return ended;
    }

    @Override
    public synchronized List<ApiKeyInfo> apiKeys(TenantId tenantId) {
        return keys.stream().filter(k -> k.tenant().equals(tenantId))
                .sorted(Comparator.comparing(Key::createdAt).reversed().thenComparing(k -> k.hash().hex()))
                .map(k -> new ApiKeyInfo(k.displayPrefix(), k.createdAt(), k.expiresAt())).toList();
    }

    @Override
    public synchronized Object snapshot() {
        return List.of(new ArrayList<>(tenants), new ArrayList<>(keys));
    }

    @Override
    @SuppressWarnings("unchecked")
    public synchronized void restore(Object snapshot) {
        List<Object> parts = (List<Object>) snapshot;
        tenants = new ArrayList<>((List<Tenant>) parts.get(0));
        keys = new ArrayList<>((List<Key>) parts.get(1));
    }
}
