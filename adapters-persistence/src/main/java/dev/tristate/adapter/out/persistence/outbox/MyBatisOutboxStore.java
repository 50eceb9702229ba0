package dev.tristate.adapter.out.persistence.outbox;

import static dev.tristate.adapter.out.persistence.jdbc.SqlErrors.translate;

import dev.tristate.adapter.out.persistence.callback.CallbackStatements;
import dev.tristate.adapter.out.persistence.jdbc.OutboxRow;
import dev.tristate.adapter.out.persistence.jdbc.Rows;
import dev.tristate.application.outbox.port.out.OutboxStore;
import dev.tristate.domain.payment.PaymentEvent.RefundSucceeded;
import dev.tristate.domain.payment.PaymentEvent;
import java.time.Instant;
import java.util.List;

public class MyBatisOutboxStore implements OutboxStore {

    static final String PENDING = "PENDING";

    private final CallbackStatements statements;

    public MyBatisOutboxStore(CallbackStatements statements) {
        this.statements = statements;
    }

    /** On every applied callback: plain JDBC (CallbackStatements). */
    @Override
    public void append(List<PaymentEvent> events, Instant now) {
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
            translate(() -> statements.insertOutbox(row));
        }
    }

    /** The natural key the event id is derived from: one row per (type, payment[, refund]). */
    static String eventKey(PaymentEvent event) {
        String discriminator = event instanceof RefundSucceeded refund ? refund.refundId().value() : "";
        return event.type().name() + '|' + event.paymentId().value() + '|' + discriminator;
    }
}
