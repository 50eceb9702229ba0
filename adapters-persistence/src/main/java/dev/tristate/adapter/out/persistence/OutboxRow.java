package dev.tristate.adapter.out.persistence;

import java.time.LocalDateTime;

/** The columns an appended outbox event is inserted with ({@link CallbackStatements#insertOutbox}). */
class OutboxRow {
    String eventId;
    String eventKey;
    String tenantId;
    String aggregateType;
    String aggregateId;
    String eventType;
    String payload;
    String status;
    int attempts;
    LocalDateTime nextAttemptAt;
    LocalDateTime createdAt;
}
