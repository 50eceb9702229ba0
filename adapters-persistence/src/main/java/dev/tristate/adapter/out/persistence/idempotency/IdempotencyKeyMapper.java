package dev.tristate.adapter.out.persistence.idempotency;

import java.time.LocalDateTime;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;

@Mapper
public interface IdempotencyKeyMapper {

    int insert(IdempotencyKeyRow row);

    IdempotencyKeyRow find(@Param("tenantId") String tenantId, @Param("key") String key);

    int replaceWhereHeld(@Param("row") IdempotencyKeyRow replacement, @Param("expectedOwner") String expectedOwner,
                         @Param("expectedState") String expectedState);

    int completeWhereHeld(@Param("tenantId") String tenantId, @Param("key") String key,
                          @Param("owner") String owner, @Param("status") int status, @Param("body") String body);

    /** Up to {@code limit} keys past their retention and lease, oldest expiry first (a range of the expiry index). */
    java.util.List<IdempotencyKeyRow> findExpired(@Param("now") LocalDateTime now, @Param("limit") int limit);

    /** Deletes the key only while it is still past its retention and lease (a takeover in between keeps it). */
    int deleteIfExpired(@Param("tenantId") String tenantId, @Param("key") String key, @Param("now") LocalDateTime now);

    int releaseLeaseWhereHeld(@Param("tenantId") String tenantId, @Param("key") String key,
                              @Param("owner") String owner, @Param("now") LocalDateTime now);
}
