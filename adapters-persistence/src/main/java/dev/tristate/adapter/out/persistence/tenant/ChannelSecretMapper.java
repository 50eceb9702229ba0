package dev.tristate.adapter.out.persistence.tenant;

import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;

@Mapper
public interface ChannelSecretMapper {

    int endOpenSecrets(@Param("tenantId") String tenantId, @Param("channel") String channel,
                       @Param("name") String name, @Param("validUntil") LocalDateTime validUntil);

    int insert(@Param("tenantId") String tenantId, @Param("channel") String channel, @Param("name") String name,
               @Param("ciphertext") String ciphertext, @Param("createdAt") LocalDateTime createdAt);

    int insertAccount(@Param("tenantId") String tenantId, @Param("channel") String channel,
                      @Param("accountId") String accountId, @Param("createdAt") LocalDateTime createdAt);

    String findAccountTenant(@Param("channel") String channel, @Param("accountId") String accountId);

    /** "tenant|account" pairs: tenant ids hold no '|'. */
    List<String> findAccounts(@Param("channel") String channel);

    String findAccountOf(@Param("tenantId") String tenantId, @Param("channel") String channel);

    int revoke(@Param("tenantId") String tenantId, @Param("id") long id, @Param("at") LocalDateTime at);

    class SecretInfoRow {
        long id;
        String channel;
        String name;
        LocalDateTime createdAt;
        LocalDateTime validUntil;
    }

    List<SecretInfoRow> secretInfos(@Param("tenantId") String tenantId);

    /** "channel|account" pairs: channel names hold no '|'. */
    List<String> accountsOf(@Param("tenantId") String tenantId);

    List<String> findValid(@Param("tenantId") String tenantId, @Param("channel") String channel,
                           @Param("name") String name, @Param("now") LocalDateTime now);
}
