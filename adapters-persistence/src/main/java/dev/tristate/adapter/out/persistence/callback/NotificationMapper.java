package dev.tristate.adapter.out.persistence.callback;

import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;

@Mapper
public interface NotificationMapper {

    class NotificationRow {
        Long id;
        String channel;
        String source;
        String tenantId;
        String notifyId;
        String dedupKey;
        Long duplicateOf;
        String paymentId;
        String tradeNo;
        String reportedStatus;
        Long reportedAmountMinor;
        String reportedCurrency;
        String traceId;
        String signatureResult;
        String statusBefore;
        String statusAfter;
        String outcome;
        String reason;
        Integer answerStatus;
        String answerBody;
        String headers;
        byte[] rawBody;
        LocalDateTime receivedAt;
        Long handlingMicros;
    }

    int insert(NotificationRow row);

    NotificationRow findByDedupKey(@Param("dedupKey") String dedupKey);

    List<NotificationRow> forPayment(@Param("tenantId") String tenantId, @Param("paymentId") String paymentId);

    /** Id and raw body of the payment's notifications of one source, in arrival order. */
    List<NotificationRow> rawBodies(@Param("tenantId") String tenantId, @Param("paymentId") String paymentId,
                                    @Param("source") String source);
}
