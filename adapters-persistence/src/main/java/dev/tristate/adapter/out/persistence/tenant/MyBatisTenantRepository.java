package dev.tristate.adapter.out.persistence.tenant;

import static dev.tristate.adapter.out.persistence.jdbc.SqlErrors.translate;

import dev.tristate.adapter.out.persistence.jdbc.Rows;
import dev.tristate.application.tenant.port.out.TenantRepository;
import dev.tristate.domain.tenant.ApiKeyHash;
import dev.tristate.domain.tenant.ApiKeyInfo;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.Tenant;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

public class MyBatisTenantRepository implements TenantRepository {

    private final TenantMapper mapper;

    public MyBatisTenantRepository(TenantMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public void insert(Tenant tenant) {
        TenantRow row = new TenantRow();
        row.id = tenant.id().value();
        row.name = tenant.name();
        row.sandboxMerchantId = tenant.sandboxMerchantId().value();
        row.createdAt = Rows.utc(tenant.createdAt());
        translate(() -> mapper.insert(row));
    }

    @Override
    public Optional<Tenant> findById(TenantId id) {
        return translate(() -> Optional.ofNullable(mapper.findById(id.value())).map(MyBatisTenantRepository::toDomain));
    }

    @Override
    public Optional<Tenant> findBySandboxMerchantId(MerchantId merchantId) {
        return translate(() -> Optional.ofNullable(mapper.findBySandboxMerchantId(merchantId.value()))
                .map(MyBatisTenantRepository::toDomain));
    }

    @Override
    public void addApiKey(TenantId tenantId, ApiKeyHash hash, String displayPrefix, Instant createdAt,
                          Instant expiresAt) {
        translate(() -> mapper.insertApiKey(tenantId.value(), hash.hex(), displayPrefix, Rows.utc(createdAt),
                Rows.utc(expiresAt)));
    }

    @Override
    public Optional<TenantId> findTenantByApiKey(ApiKeyHash hash, Instant now) {
        return translate(() -> Optional.ofNullable(mapper.findTenantByApiKey(hash.hex(), Rows.utc(now)))
                .map(TenantId::new));
    }

    @Override
    public List<Tenant> list() {
        return translate(() -> mapper.list()).stream().map(MyBatisTenantRepository::toDomain).toList();
    }

    @Override
    public int expireApiKeys(TenantId tenantId, Instant at) {
        return translate(() -> mapper.expireApiKeys(tenantId.value(), Rows.utc(at)));
    }

    @Override
    public int revokeApiKey(TenantId tenantId, String displayPrefix, Instant at) {
        return translate(() -> mapper.revokeApiKey(tenantId.value(), displayPrefix, Rows.utc(at)));
    }

    @Override
    public List<ApiKeyInfo> apiKeys(TenantId tenantId) {
        return translate(() -> mapper.apiKeys(tenantId.value())).stream()
                .map(r -> new ApiKeyInfo(r.displayPrefix, Rows.instant(r.createdAt), Rows.instant(r.expiresAt)))
                .toList();
    }

    private static Tenant toDomain(TenantRow row) {
        return new Tenant(new TenantId(row.id), row.name, new MerchantId(row.sandboxMerchantId),
                Rows.instant(row.createdAt));
    }
}
