package dev.tristate.domain.console;

import dev.tristate.domain.notification.NotificationOutcome;
import dev.tristate.domain.notification.SignatureResult;
import dev.tristate.domain.payment.PaymentStatus;
import java.time.Instant;
import java.util.Objects;

/** A recorded notification as support staff see it (without its raw bytes). */
public record NotificationView(long id, String channel, String source, String notifyId, String reportedStatus,
                               SignatureResult signatureResult, NotificationOutcome outcome,
                               PaymentStatus statusBefore, PaymentStatus statusAfter, String reason,
                               Instant receivedAt) {
    public NotificationView {
        Objects.requireNonNull(signatureResult, "signature result");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(receivedAt, "received at");
    }

    /** Whether this notification moved the payment from one status to another. */
    public boolean transitioned() {
        return statusBefore != null && statusAfter != null && statusBefore != statusAfter;
    }
}
