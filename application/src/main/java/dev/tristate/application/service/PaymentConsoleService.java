package dev.tristate.application.service;

import dev.tristate.application.port.in.PaymentNotFound;
import dev.tristate.application.port.in.PaymentTimelineQuery;
import dev.tristate.application.port.in.SearchPaymentsQuery;
import dev.tristate.application.port.out.AuditTrail;
import dev.tristate.application.port.out.NotificationLog;
import dev.tristate.application.port.out.OutboxQuarantine;
import dev.tristate.application.port.out.PaymentRepository;
import dev.tristate.application.port.out.PaymentSearch;
import dev.tristate.application.port.out.ReviewCases;
import dev.tristate.domain.console.AuditEntry;
import dev.tristate.domain.console.NotificationView;
import dev.tristate.domain.console.OutboxEventView;
import dev.tristate.domain.console.Page;
import dev.tristate.domain.console.PageRequest;
import dev.tristate.domain.console.PaymentCriteria;
import dev.tristate.domain.console.ReviewCase;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Payments for support staff: the search, and one payment's timeline assembled from every store that knows it. */
public class PaymentConsoleService implements SearchPaymentsQuery, PaymentTimelineQuery {

    private final PaymentSearch search;
    private final PaymentRepository payments;
    private final NotificationLog notifications;
    private final ReviewCases reviewCases;
    private final OutboxQuarantine outbox;
    private final AuditTrail audit;

    public PaymentConsoleService(PaymentSearch search, PaymentRepository payments, NotificationLog notifications,
                                 ReviewCases reviewCases, OutboxQuarantine outbox, AuditTrail audit) {
        this.search = search;
        this.payments = payments;
        this.notifications = notifications;
        this.reviewCases = reviewCases;
        this.outbox = outbox;
        this.audit = audit;
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
        for (NotificationView n : notifications.forPayment(tenantId, paymentId.value())) {
            entries.add(new TimelineEntry(n.receivedAt(), Kind.NOTIFICATION,
                    n.source() + " " + n.channel() + (n.reportedStatus() == null ? "" : " " + n.reportedStatus()),
                    n.outcome().name(), "signature " + n.signatureResult()
                    + (n.reason() == null ? "" : "; " + n.reason()), null));
            if (n.transitioned()) {
                entries.add(new TimelineEntry(n.receivedAt(), Kind.TRANSITION,
                        n.statusBefore() + " → " + n.statusAfter(), n.statusAfter().name(),
                        "by notification #" + n.id(), null));
            }
        }
        for (ReviewCase c : reviewCases.forPayment(tenantId, paymentId.value())) {
            entries.add(new TimelineEntry(c.createdAt(), Kind.REVIEW_CASE, c.reason().name(),
                    c.open() ? "OPEN" : "RESOLVED", c.detail(), "/admin/review-cases/" + c.id()));
        }
        for (OutboxEventView e : outbox.forAggregate(tenantId, paymentId.value())) {
            entries.add(new TimelineEntry(e.createdAt(), Kind.OUTBOX_EVENT, e.eventType(), e.status().name(),
                    "attempts " + e.attempts() + (e.lastError() == null ? "" : "; " + e.lastError()),
                    "/admin/quarantine/" + e.eventId()));
            for (AuditEntry a : audit.forSubject(QuarantineService.SUBJECT, e.eventId().toString())) {
                entries.add(auditEntry(a));
            }
        }
        for (AuditEntry a : audit.forSubject("payment", paymentId.value())) {
            entries.add(auditEntry(a));
        }
        entries.sort(Comparator.comparing(TimelineEntry::at));
        return new PaymentTimeline(payment, entries);
    }

    private static TimelineEntry auditEntry(AuditEntry a) {
        return new TimelineEntry(a.at(), Kind.AUDIT, a.action() + " by " + a.operator(), a.result(),
                a.reason(), "/admin/audit?subject=" + a.subjectId());
    }
}
