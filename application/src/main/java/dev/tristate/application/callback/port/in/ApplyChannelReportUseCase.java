package dev.tristate.application.callback.port.in;

import dev.tristate.domain.notification.NotificationOutcome;
import dev.tristate.domain.payment.ChannelReport;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.payment.TransitionOutcome.AnomalyReason;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;

/**
 * The one path by which what a channel said changes a payment, whatever brought the news: a callback, the answer to a
 * status query, or a statement line. Runs inside the caller's transaction, after the caller recorded the news (the
 * notification row whose id a review case points to): conditional state change, outbox event, or a review case.
 */
public interface ApplyChannelReportUseCase {

    /** Re-reads of the payment when a concurrent writer moved it between our read and our conditional update. */
    int MAX_REREADS = 5;

    /** What became of the report: the notification outcome, the status before and after, and why. */
    record Result(NotificationOutcome outcome, PaymentStatus before, PaymentStatus after, String reason,
                  AnomalyReason anomaly) {
    }

    Result apply(TenantId tenant, Payment payment, ChannelReport report, long notificationId, Instant now);

    /** Opens a review case for news that disagrees with what we know; nothing about the payment changes. */
    Result holdForReview(long notificationId, TenantId tenant, Payment payment, AnomalyReason reason, String detail,
                         Instant now);
}
