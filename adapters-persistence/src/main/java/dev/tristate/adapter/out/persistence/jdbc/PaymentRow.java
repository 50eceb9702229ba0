package dev.tristate.adapter.out.persistence.jdbc;

import dev.tristate.adapter.out.persistence.callback.CallbackStatements;
import java.time.LocalDateTime;

/** One row of {@code payments}, as MyBatis maps it (and {@link CallbackStatements} reads it by position). */
public class PaymentRow {
    public String id;
    public String tenantId;
    public String merchantOrderId;
    public long amountMinor;
    public String currency;
    public String channel;
    public String userId;
    public String sku;
    public String description;
    public String status;
    public String channelTxnId;
    public long refundedMinor;
    public LocalDateTime createdAt;
    public LocalDateTime updatedAt;
    public LocalDateTime paidAt;
    public long version;
    public String returnUrl;
}
