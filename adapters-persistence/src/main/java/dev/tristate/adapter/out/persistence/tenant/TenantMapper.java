package dev.tristate.adapter.out.persistence.tenant;

import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;

@Mapper
public interface TenantMapper {

    int insert(TenantRow row);

    TenantRow findById(@Param("id") String id);

    TenantRow findBySandboxMerchantId(@Param("merchantId") String merchantId);

    int insertApiKey(@Param("tenantId") String tenantId, @Param("keyHash") String keyHash,
                     @Param("displayPrefix") String displayPrefix, @Param("createdAt") LocalDateTime createdAt,
                     @Param("expiresAt") LocalDateTime expiresAt);

    String findTenantByApiKey(@Param("keyHash") String keyHash, @Param("now") LocalDateTime now);

    class ApiKeyRow {
        String displayPrefix;
        LocalDateTime createdAt;
        LocalDateTime expiresAt;
    }

    List<TenantRow> list();

    int expireApiKeys(@Param("tenantId") String tenantId, @Param("at") LocalDateTime at);

    int revokeApiKey(@Param("tenantId") String tenantId, @Param("displayPrefix") String displayPrefix,
                     @Param("at") LocalDateTime at);

    List<ApiKeyRow> apiKeys(@Param("tenantId") String tenantId);
}
