package dev.tristate.adapter.out.persistence.refund;

import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;

@Mapper
public interface RefundMapper {

    class RefundRow {
        String id;
        String tenantId;
        String paymentId;
        String channel;
        long amountMinor;
        String currency;
        String reason;
        String status;
        String channelRefundNo;
        String failureReason;
        LocalDateTime createdAt;
        LocalDateTime updatedAt;
        String lastChannelAnswer;
        Integer lastChannelAnswerLength;
        LocalDateTime lastAnsweredAt;
    }

    class StaleRow {
        String tenantId;
        String refundId;
        String channel;
    }

    int insert(RefundRow row);

    RefundRow find(@Param("tenantId") String tenantId, @Param("id") String id);

    List<RefundRow> findByPayment(@Param("tenantId") String tenantId, @Param("paymentId") String paymentId);

    Long heldMinor(@Param("tenantId") String tenantId, @Param("paymentId") String paymentId,
                   @Param("openStatuses") List<String> openStatuses);

    int settle(@Param("tenantId") String tenantId, @Param("id") String id, @Param("status") String status,
               @Param("channelRefundNo") String channelRefundNo, @Param("failureReason") String failureReason,
               @Param("now") LocalDateTime now, @Param("openStatuses") List<String> openStatuses);

    int markUnknown(@Param("tenantId") String tenantId, @Param("id") String id, @Param("now") LocalDateTime now);

    /** The channel's answer, unless the refund keeps one received later. */
    int keepAnswer(@Param("tenantId") String tenantId, @Param("id") String id, @Param("text") String text,
                   @Param("length") int length, @Param("receivedAt") LocalDateTime receivedAt);

    /** Open refunds, oldest first (tenant optional). */
    List<RefundRow> findOpen(@Param("tenantId") String tenantId, @Param("limit") int limit,
                             @Param("openStatuses") List<String> openStatuses);

    /** Refunds per status among the open ones (a range of ix_refunds_status). */
    List<Map<String, Object>> countOpen(@Param("openStatuses") List<String> openStatuses);

    List<StaleRow> findStale(@Param("staleBefore") LocalDateTime staleBefore, @Param("limit") int limit,
                             @Param("openStatuses") List<String> openStatuses,
                             @Param("activeCaseStatuses") List<String> activeCaseStatuses);

    RefundRow findByChannelRefundNo(@Param("tenantId") String tenantId, @Param("channel") String channel,
                                    @Param("channelRefundNo") String channelRefundNo);

    List<RefundRow> findSucceeded(@Param("tenantId") String tenantId, @Param("channel") String channel,
                                  @Param("from") LocalDateTime from, @Param("to") LocalDateTime to);
}
