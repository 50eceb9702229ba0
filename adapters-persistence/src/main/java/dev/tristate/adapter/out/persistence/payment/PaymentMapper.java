package dev.tristate.adapter.out.persistence.payment;

import dev.tristate.adapter.out.persistence.jdbc.PaymentRow;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;

@Mapper
public interface PaymentMapper {

    int insert(PaymentRow row);

    PaymentRow lockById(@Param("tenantId") String tenantId, @Param("id") String id);

    /** Only {@code id} and {@code status} are read. */
    List<PaymentRow> lockStatuses(@Param("tenantId") String tenantId, @Param("ids") List<String> ids);

    String findOwner(@Param("id") String id);

    List<Map<String, Object>> countByStatus(@Param("tenantId") String tenantIdOrNull);

    List<PaymentRow> search(@Param("tenantId") String tenantId, @Param("paymentId") String paymentId,
                            @Param("merchantOrderId") String merchantOrderId,
                            @Param("channelTxnId") String channelTxnId, @Param("statuses") List<String> statuses,
                            @Param("from") LocalDateTime from, @Param("to") LocalDateTime to,
                            @Param("oldestFirst") boolean oldestFirst, @Param("limit") int limit,
                            @Param("offset") long offset);

    long count(@Param("tenantId") String tenantId, @Param("paymentId") String paymentId,
               @Param("merchantOrderId") String merchantOrderId, @Param("channelTxnId") String channelTxnId,
               @Param("statuses") List<String> statuses, @Param("from") LocalDateTime from, @Param("to") LocalDateTime to,
               @Param("oldestFirst") boolean oldestFirst);
}
