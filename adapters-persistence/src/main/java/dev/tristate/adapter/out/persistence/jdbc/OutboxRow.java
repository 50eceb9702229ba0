package dev.tristate.adapter.out.persistence.jdbc;

import dev.tristate.adapter.out.persistence.callback.CallbackStatements;
import java.time.LocalDateTime;

/** The columns an appended outbox event is inserted with ({@link CallbackStatements#insertOutbox}). */
public class OutboxRow {
    public String eventId;
    public String eventKey;
    public String tenantId;
    public String aggregateType;
    public String aggregateId;
    public String eventType;
    public String payload;
    public String status;
    public int attempts;
    public LocalDateTime nextAttemptAt;
    public LocalDateTime createdAt;
    public String traceParent;
}
