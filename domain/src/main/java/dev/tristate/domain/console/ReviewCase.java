package dev.tristate.domain.console;

import dev.tristate.domain.payment.TransitionOutcome.AnomalyReason;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.Objects;
import java.util.Set;

/** A notification held for a person to review, open until decided. */
public record ReviewCase(long id, TenantId tenantId, String paymentId, long notificationId, AnomalyReason reason,
                         String detail, boolean open, Instant createdAt, String resolvedBy, String resolution,
                         Instant resolvedAt) {
    public ReviewCase {
        Objects.requireNonNull(tenantId, "tenant id");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(createdAt, "created at");
    }

    public Set<ReviewDecision> allowedDecisions() {
        return open ? ReviewDecision.allowedFor(reason) : Set.of();
    }
}
