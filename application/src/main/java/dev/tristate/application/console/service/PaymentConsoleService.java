package dev.tristate.application.console.service;

import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.console.port.in.PaymentTimelineQuery;
import dev.tristate.application.console.port.in.SearchPaymentsQuery;
import dev.tristate.application.console.port.out.PaymentSearch;
import dev.tristate.application.payment.port.in.PaymentNotFound;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.refund.port.in.OpenRefundsQuery;
import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.application.resolution.port.in.StatusQuery;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.domain.console.AuditEntry;
import dev.tristate.domain.console.NotificationView;
import dev.tristate.domain.console.Page;
import dev.tristate.domain.console.PageRequest;
import dev.tristate.domain.console.PaymentCriteria;
import dev.tristate.domain.console.ReviewCase;
import dev.tristate.domain.payment.ChannelWords;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.tenant.TenantId;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Payments for support staff: the search, and one payment's timeline assembled from every store that knows it (what
 * happened downstream of the payment's own records, from {@link DownstreamTimeline}).
 */
class PaymentConsoleService implements SearchPaymentsQuery, PaymentTimelineQuery, OpenRefundsQuery {

    private final PaymentSearch search;
    private final PaymentRepository payments;
    private final NotificationLog notifications;
    private final ReviewCases reviewCases;
    private final AuditTrail audit;
    private final RefundStore refunds;
    private final DownstreamTimeline downstream;

    PaymentConsoleService(PaymentSearch search, PaymentRepository payments, NotificationLog notifications,
                          ReviewCases reviewCases, AuditTrail audit, RefundStore refunds,
                          DownstreamTimeline downstream) {
        this.search = search;
        this.payments = payments;
        this.notifications = notifications;
        this.reviewCases = reviewCases;
        this.audit = audit;
        this.refunds = refunds;
        this.downstream = downstream;
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
        entries.addAll(downstream.entries(tenantId, paymentId));
        for (Refund r : refunds.findByPayment(tenantId, paymentId)) {
            entries.add(new TimelineEntry(r.createdAt(), Kind.REFUND, r.id().value() + " " + r.amount(),
                    r.status().name(), refundDetail(r), null, r.lastAnswer()));
        }
        for (AuditEntry a : audit.forSubject("payment", paymentId.value())) {
            entries.add(DownstreamTimeline.auditEntry(a));
        }
        entries.sort(Comparator.comparing(TimelineEntry::at));
        return new PaymentTimeline(payment, entries);
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
}
