package dev.tristate.application.port.in;

import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/** Everything that happened to one payment, in order. Throws {@link PaymentNotFound} for an unknown payment. */
public interface PaymentTimelineQuery {

    PaymentTimeline timeline(TenantId tenantId, PaymentId paymentId);

    record PaymentTimeline(Payment payment, List<TimelineEntry> entries) {
        public PaymentTimeline {
            Objects.requireNonNull(payment, "payment");
            entries = List.copyOf(entries);
        }
    }

    /** One event in a payment's life. {@code outcome} is a word to show (APPLIED, VALID, SENT ...), may be null. */
    record TimelineEntry(Instant at, Kind kind, String title, String outcome, String detail, String link) {
        public TimelineEntry {
            Objects.requireNonNull(at, "time");
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(title, "title");
        }
    }

    /**
     * What kind of event. Consumer records, tasks, refunds and channel queries join here when their stores exist.
     */
    enum Kind {
        CREATED, NOTIFICATION, TRANSITION, REVIEW_CASE, OUTBOX_EVENT, AUDIT
    }
}
