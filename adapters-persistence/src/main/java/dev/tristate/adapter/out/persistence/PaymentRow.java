package dev.tristate.adapter.out.persistence;

import java.time.LocalDateTime;

/** One row of {@code payments}, as MyBatis maps it (and {@link CallbackStatements} reads it by position). */
class PaymentRow {
    String id;
    String tenantId;
    String merchantOrderId;
    long amountMinor;
    String currency;
    String channel;
    String userId;
    String sku;
    String description;
    String status;
    String channelTxnId;
    long refundedMinor;
    LocalDateTime createdAt;
    LocalDateTime updatedAt;
    LocalDateTime paidAt;
    long version;
}
