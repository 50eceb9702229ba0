package dev.tristate.application.console.port.in;

import dev.tristate.application.payment.port.in.PaymentNotFound;
import dev.tristate.domain.payment.ChannelWords;
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

    /**
     * One event in a payment's life. {@code outcome} is a word to show (APPLIED, VALID, SENT ...), may be null.
     * {@code channelWords} is what the channel answered, in its own words, where it answered our question: a QUERY's
     * answer, a REFUND's latest answer; null for every other entry, callbacks included.
     */
    record TimelineEntry(Instant at, Kind kind, String title, String outcome, String detail, String link,
                         ChannelWords channelWords) {
        public TimelineEntry {
            Objects.requireNonNull(at, "time");
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(title, "title");
        }

        /** An entry without the channel's words. */
        public TimelineEntry(Instant at, Kind kind, String title, String outcome, String detail, String link) {
            this(at, kind, title, outcome, detail, link, null);
        }
    }

    /**
     * What kind of event. QUERY: the resolver (or "ask the channel now") asked the channel and recorded its answer
     * like a notification, with the channel's answer as received. CONSUMER: a consumer applied one of the payment's events (its inbox record), or could not
     * at once (its retried or quarantined delivery, with status and attempts). TASK: a side effect the payment caused
     * (the tenant's "entitlement granted" notice, the revocation after a full refund). REFUND: a refund the merchant
     * asked for, with its status (PENDING, SUCCEEDED, FAILED, UNKNOWN) and the channel's latest answer about it.
     */
    enum Kind {
        CREATED, NOTIFICATION, QUERY, TRANSITION, REVIEW_CASE, OUTBOX_EVENT, CONSUMER, TASK, REFUND, AUDIT
    }
}
