package dev.tristate.application.console.service;

import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.console.port.in.PaymentTimelineQuery;
import dev.tristate.application.console.port.in.SearchPaymentsQuery;
import dev.tristate.application.console.port.out.PaymentSearch;
import dev.tristate.application.consumer.port.out.ConsumerDeliveryStore;
import dev.tristate.application.consumer.port.out.Inbox;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.outbox.port.in.ReplayQuarantinedMessageUseCase;
import dev.tristate.application.outbox.port.out.OutboxQuarantine;
import dev.tristate.application.payment.port.in.PaymentNotFound;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.refund.port.in.OpenRefundsQuery;
import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.application.resolution.port.in.StatusQuery;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.domain.console.AuditEntry;
import dev.tristate.domain.console.NotificationView;
import dev.tristate.domain.console.OutboxEventView;
import dev.tristate.domain.console.Page;
import dev.tristate.domain.console.PageRequest;
import dev.tristate.domain.console.PaymentCriteria;
import dev.tristate.domain.console.ReviewCase;
import dev.tristate.domain.consumer.ConsumerDelivery;
import dev.tristate.domain.outbox.OutboxStatus;
import dev.tristate.domain.payment.ChannelWords;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.task.Task;
import dev.tristate.domain.tenant.TenantId;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** Payments for support staff: the search, and one payment's timeline assembled from every store that knows it. */
class PaymentConsoleService implements SearchPaymentsQuery, PaymentTimelineQuery, OpenRefundsQuery {

    private final PaymentSearch search;
    private final PaymentRepository payments;
    private final NotificationLog notifications;
    private final ReviewCases reviewCases;
    private final OutboxQuarantine outbox;
    private final AuditTrail audit;
    private final Inbox inbox;
    private final ConsumerDeliveryStore deliveries;
    private final TaskStore tasks;
    private final RefundStore refunds;

    PaymentConsoleService(PaymentSearch search, PaymentRepository payments, NotificationLog notifications,
                          ReviewCases reviewCases, OutboxQuarantine outbox, AuditTrail audit, Inbox inbox,
                          ConsumerDeliveryStore deliveries, TaskStore tasks, RefundStore refunds) {
        this.search = search;
        this.payments = payments;
        this.notifications = notifications;
        this.reviewCases = reviewCases;
        this.outbox = outbox;
        this.audit = audit;
        this.inbox = inbox;
        this.deliveries = deliveries;
        this.tasks = tasks;
        this.refunds = refunds;
    }

    @Override
    public List<Refund> openRefunds(TenantId tenantId, int limit) {
        if (limit < 1 || limit > 500) {
            throw new IllegalArgumentException("limit must be between 1 and 500: " + limit);
        }
        return refunds.findOpen(tenantId, limit);
    }

    @Override
    public Page<Payment> searchPayments(PaymentCriteria criteria, PageRequest page) {
        return search.search(criteria, page);
    }

    @Override
    public PaymentTimeline timeline(TenantId tenantId, PaymentId paymentId) {
        Payment payment = payments.findById(tenantId, paymentId).orElseThrow(() -> new PaymentNotFound(paymentId));
        List<TimelineEntry> entries = new ArrayList<>();
        entries.add(new TimelineEntry(payment.createdAt(), Kind.CREATED, "PENDING", null,
                payment.amount() + " " + payment.channel(), null));
        // Our own questions' answers are shown as received; a callback's raw bytes never reach the page.
        Map<Long, byte[]> answers = notifications.rawBodies(tenantId, paymentId, StatusQuery.NOTIFICATION_SOURCE);
        for (NotificationView n : notifications.forPayment(tenantId, paymentId)) {
            boolean query = StatusQuery.NOTIFICATION_SOURCE.equals(n.source());
            byte[] answer = query ? answers.get(n.id()) : null;
            entries.add(new TimelineEntry(n.receivedAt(), query ? Kind.QUERY : Kind.NOTIFICATION,
                    n.source() + " " + n.channel() + (n.reportedStatus() == null ? "" : " " + n.reportedStatus()),
                    n.outcome().name(), "signature " + n.signatureResult()
                    + (n.reason() == null ? "" : "; " + n.reason()), null,
                    answer == null ? null : ChannelWords.of(new String(answer, StandardCharsets.UTF_8),
                            n.receivedAt())));
            if (n.transitioned()) {
                entries.add(new TimelineEntry(n.receivedAt(), Kind.TRANSITION,
                        n.statusBefore() + " → " + n.statusAfter(), n.statusAfter().name(),
                        "by notification #" + n.id(), null));
            }
        }
        for (ReviewCase c : reviewCases.forPayment(tenantId, paymentId)) {
            entries.add(new TimelineEntry(c.createdAt(), Kind.REVIEW_CASE, c.reason().name(),
                    c.open() ? "OPEN" : "RESOLVED", c.detail(), "/admin/review-cases/" + c.id()));
        }
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
        for (Refund r : refunds.findByPayment(tenantId, paymentId)) {
            entries.add(new TimelineEntry(r.createdAt(), Kind.REFUND, r.id().value() + " " + r.amount(),
                    r.status().name(), refundDetail(r), null, r.lastAnswer()));
        }
        for (AuditEntry a : audit.forSubject("payment", paymentId.value())) {
            entries.add(auditEntry(a));
        }
        entries.sort(Comparator.comparing(TimelineEntry::at));
        return new PaymentTimeline(payment, entries);
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

    /** The merchant's reason, the channel's refund number once it refunded, and why it failed where it did. */
    private static String refundDetail(Refund r) {
        StringBuilder detail = new StringBuilder(r.reason() == null || r.reason().isBlank() ? "no reason given"
                : "reason: " + r.reason());
        if (r.channelRefundNo() != null) {
            detail.append("; channel refund ").append(r.channelRefundNo());
        }
        if (r.failureReason() != null) {
            detail.append("; ").append(r.failureReason());
        }
        if (!r.updatedAt().equals(r.createdAt())) {
            detail.append("; ").append(r.status()).append(" at ").append(r.updatedAt());
        }
        return detail.toString();
    }

    private static TimelineEntry auditEntry(AuditEntry a) {
        return new TimelineEntry(a.at(), Kind.AUDIT, a.action() + " by " + a.operator(), a.result(),
                a.reason(), "/admin/audit?subject=" + a.subjectId());
    }
}
