package dev.tristate.adapter.out.persistence.consumer;

import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;

/** Entitlements, memberships and the token ledger. */
@Mapper
public interface EntitlementMapper {

    class EntitlementRow {
        String tenantId;
        String userId;
        String sku;
        String paymentId;
        String kind;
        long quantity;
        String status;
        String grantedBy;
        LocalDateTime grantedAt;
        LocalDateTime validUntil;
    }

    class LedgerRow {
        String tenantId;
        String userId;
        String entryKey;
        long delta;
        LocalDateTime createdAt;
    }

    EntitlementRow find(@Param("tenantId") String tenantId, @Param("userId") String userId, @Param("sku") String sku,
                        @Param("paymentId") String paymentId);

    int insert(EntitlementRow row);

    int revoke(@Param("tenantId") String tenantId, @Param("userId") String userId, @Param("sku") String sku,
               @Param("paymentId") String paymentId);

    /** The grants (any status) of these payments of the tenant; only the key columns are read. */
    List<EntitlementRow> keysOfPayments(@Param("tenantId") String tenantId,
                                        @Param("paymentIds") List<String> paymentIds);

    List<EntitlementRow> findByPayment(@Param("tenantId") String tenantId, @Param("paymentId") String paymentId);

    LocalDateTime lockMembershipEnd(@Param("tenantId") String tenantId, @Param("userId") String userId);

    int insertMembership(@Param("tenantId") String tenantId, @Param("userId") String userId,
                         @Param("endsAt") LocalDateTime endsAt);

    int updateMembership(@Param("tenantId") String tenantId, @Param("userId") String userId,
                         @Param("endsAt") LocalDateTime endsAt);

    LedgerRow findLedgerEntry(@Param("tenantId") String tenantId, @Param("userId") String userId,
                              @Param("entryKey") String entryKey);

    int insertLedgerEntry(LedgerRow row);

    Long lockBalance(@Param("tenantId") String tenantId, @Param("userId") String userId);

    Long balance(@Param("tenantId") String tenantId, @Param("userId") String userId);

    int addToBalance(@Param("tenantId") String tenantId, @Param("userId") String userId, @Param("delta") long delta);

    int insertBalance(@Param("tenantId") String tenantId, @Param("userId") String userId,
                      @Param("balance") long balance);

    List<LedgerRow> ledger(@Param("tenantId") String tenantId, @Param("userId") String userId);
}
