package dev.tristate.application.console.service;

import dev.tristate.application.console.port.in.PaymentTimelineQuery.Kind;
import dev.tristate.application.console.port.in.PaymentTimelineQuery.TimelineEntry;
import dev.tristate.application.consumer.port.out.ConsumerDeliveryStore;
import dev.tristate.application.consumer.port.out.Inbox;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.outbox.port.in.ReplayQuarantinedMessageUseCase;
import dev.tristate.application.outbox.port.out.OutboxQuarantine;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.domain.console.AuditEntry;
import dev.tristate.domain.console.OutboxEventView;
import dev.tristate.domain.consumer.ConsumerDelivery;
import dev.tristate.domain.outbox.OutboxStatus;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.task.Task;
import dev.tristate.domain.tenant.TenantId;
import java.util.ArrayList;
import java.util.List;

/**
 * The part of a payment's timeline that happened after the payment's own records: the events it published (with
 * their replays), what each consumer made of them, and the tasks the payment caused. A class of its own because it
 * reads the outbox's and the consumers' stores, which the rest of the timeline never needs.
 */
class DownstreamTimeline {

    private final OutboxQuarantine outbox;
    private final AuditTrail audit;
    private final Inbox inbox;
    private final ConsumerDeliveryStore deliveries;
    private final TaskStore tasks;

    DownstreamTimeline(OutboxQuarantine outbox, AuditTrail audit, Inbox inbox, ConsumerDeliveryStore deliveries,
                       TaskStore tasks) {
        this.outbox = outbox;
        this.audit = audit;
        this.inbox = inbox;
        this.deliveries = deliveries;
        this.tasks = tasks;
    }

    /** Each outbox event followed by its replays and consumer records, then the tasks; not yet in time order. */
    List<TimelineEntry> entries(TenantId tenantId, PaymentId paymentId) {
        List<TimelineEntry> entries = new ArrayList<>();
        for (OutboxEventView e : outbox.forAggregate(tenantId, paymentId.value())) {
            entries.add(new TimelineEntry(e.createdAt(), Kind.OUTBOX_EVENT, e.eventType(), e.status().name(),
                    outboxAttempts(e) + (e.lastError() == null ? "" : "; " + e.lastError()),
                    "/admin/quarantine/" + e.eventId()));
            for (AuditEntry a : audit.forSubject(ReplayQuarantinedMessageUseCase.AUDIT_SUBJECT,
                    e.eventId().toString())) {
                entries.add(auditEntry(a));
            }
            consumerRecords(e, entries);
        }
        for (Task t : tasks.forPayment(tenantId, paymentId)) {
            entries.add(new TimelineEntry(t.createdAt(), Kind.TASK, t.type() + " " + t.key(), t.status().name(),
                    (t.attempts() == 0 ? "not run yet" : "runs " + t.attempts())
                            + (t.lastError() == null ? "" : "; " + t.lastError()),
                    "/admin/quarantine/task?key=" + t.key()));
        }
        return entries;
    }

    /** An audit entry as the timeline shows it, linked to the audit log of its subject. */
    static TimelineEntry auditEntry(AuditEntry a) {
        return new TimelineEntry(a.at(), Kind.AUDIT, a.action() + " by " + a.operator(), a.result(),
                a.reason(), "/admin/audit?subject=" + a.subjectId());
    }

    /**
     * An outbox event counts its failed sends only: a SENT event with none went out at the first try ("attempts 0"
     * beside SENT read as a contradiction).
     */
    private static String outboxAttempts(OutboxEventView e) {
        if (e.attempts() > 0) {
            return "failed sends " + e.attempts();
        }
        return e.status() == OutboxStatus.SENT ? "sent at the first try" : "no failed send";
    }

    /** What each consumer made of one event: applied (its inbox row), or retried, quarantined, discarded. */
    private void consumerRecords(OutboxEventView e, List<TimelineEntry> entries) {
        for (Inbox.InboxEntry applied : inbox.forEvent(e.eventId())) {
            if (applied.tenantId().equals(e.tenantId())) {
                entries.add(new TimelineEntry(applied.processedAt(), Kind.CONSUMER, applied.consumer() + " "
                        + applied.eventType(), "APPLIED", applied.outcome(), null));
            }
        }
        for (ConsumerDelivery d : deliveries.forMessage(e.eventId().toString())) {
            entries.add(new TimelineEntry(d.createdAt(), Kind.CONSUMER, d.consumer() + " " + e.eventType(),
                    d.status().name(), "attempts " + d.attempts() + (d.lastError() == null ? "" : "; "
                    + d.lastError()), "/admin/quarantine/delivery?consumer=" + d.consumer() + "&key="
                    + d.deliveryKey()));
        }
    }
}
