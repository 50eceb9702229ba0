package dev.tristate.application.port.out;

import dev.tristate.domain.payment.TransitionOutcome.AnomalyReason;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.Objects;

/** Notifications held for a person to review: genuine, but disagreeing with what we know. */
public interface ReviewCases {

    /** Opens a case for the notification (one case per notification). */
    void open(NewCase newCase);

    record NewCase(TenantId tenantId, String paymentId, long notificationId, AnomalyReason reason, String detail,
                   Instant createdAt) {
        public NewCase {
            Objects.requireNonNull(tenantId, "tenant id");
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(createdAt, "created at");
        }
    }
}
