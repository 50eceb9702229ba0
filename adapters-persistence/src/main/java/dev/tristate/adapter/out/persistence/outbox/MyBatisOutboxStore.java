package dev.tristate.adapter.out.persistence.outbox;

import static dev.tristate.adapter.out.persistence.jdbc.SqlErrors.translate;

import dev.tristate.adapter.out.persistence.callback.CallbackStatements;
import dev.tristate.adapter.out.persistence.jdbc.OutboxRow;
import dev.tristate.adapter.out.persistence.jdbc.Rows;
import dev.tristate.application.outbox.port.out.OutboxStore;
import dev.tristate.application.outbox.port.out.RelayWakeUp;
import dev.tristate.application.shared.port.out.TraceContext;
import dev.tristate.domain.payment.PaymentEvent.RefundSucceeded;
import dev.tristate.domain.payment.PaymentEvent;
import java.time.Instant;
import java.util.List;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Writes outbox rows in the caller's transaction and, once that transaction has committed, wakes this instance's
 * relay: never before the commit (the relay would find nothing, or worse, nothing yet), and not at all on a rollback.
 */
public class MyBatisOutboxStore implements OutboxStore {

    static final String PENDING = "PENDING";

    private final CallbackStatements statements;
    private final RelayWakeUp wakeUp;
    private final TraceContext trace;

    public MyBatisOutboxStore(CallbackStatements statements, RelayWakeUp wakeUp) {
        this(statements, wakeUp, TraceContext.NONE);
    }

    /** {@code trace}: the work writing the events, whose trace context each row keeps for the relay to send on. */
    public MyBatisOutboxStore(CallbackStatements statements, RelayWakeUp wakeUp, TraceContext trace) {
        this.statements = statements;
        this.wakeUp = wakeUp;
        this.trace = trace;
    }

    /** On every applied callback: plain JDBC (CallbackStatements). */
    @Override
    public void append(List<PaymentEvent> events, Instant now) {
        String traceparent = trace.traceparent().orElse(null);
        for (PaymentEvent event : events) {
            OutboxRow row = new OutboxRow();
            row.eventId = event.eventId().toString();
            row.eventKey = eventKey(event);
            row.tenantId = event.tenantId().value();
            row.aggregateType = "payment";
            row.aggregateId = event.paymentId().value();
            row.eventType = event.type().name();
            row.payload = EventPayloads.toJson(event);
            row.status = PENDING;
            row.attempts = 0;
            row.nextAttemptAt = Rows.utc(now);
            row.createdAt = Rows.utc(now);
            row.traceParent = traceparent;
            translate(() -> statements.insertOutbox(row));
        }
        if (events.isEmpty()) {
            return;
        }
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCommit() {
                    wakeUp.outboxCommitted();
                }
            });
        } else {
            // Outside a transaction each insert has committed on its own.
            wakeUp.outboxCommitted();
        }
    }

    /** The natural key the event id is derived from: one row per (type, payment[, refund]). */
    static String eventKey(PaymentEvent event) {
        String discriminator = event instanceof RefundSucceeded refund ? refund.refundId().value() : "";
        return event.type().name() + '|' + event.paymentId().value() + '|' + discriminator;
    }
}
