package dev.tristate.application.resolution.port.out;

import dev.tristate.domain.console.Page;
import dev.tristate.domain.console.PageRequest;
import dev.tristate.domain.console.ReviewCase;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.TransitionOutcome.AnomalyReason;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** Notifications held for a person to review: genuine, but disagreeing with what we know. */
public interface ReviewCases {

    /**
     * Opens a case for the notification, unless a case is open for the same mismatch (the same tenant, payment and
     * reason): then the notification joins that case and nothing is opened, so a re-sent notification or a second
     * reconciliation run adds no case for a person to decide twice. Once that case is decided the same mismatch
     * opens a new one. A case without a payment is always opened. A notification that already has a case of its own
     * (for another mismatch) is {@code PersistenceFailure.AlreadyExists}.
     */
    void open(NewCase newCase);

    /** Open cases oldest first, or ({@code openOnly} false) every case newest first. */
    Page<ReviewCase> search(boolean openOnly, PageRequest page);

    Optional<ReviewCase> find(long caseId);

    List<ReviewCase> forPayment(TenantId tenantId, PaymentId paymentId);

    long countOpen();

    /** Closes an open case with the decision; false when it was no longer open (someone decided first). */
    boolean resolve(long caseId, String resolvedBy, String resolution, Instant at);

    record NewCase(TenantId tenantId, PaymentId paymentId, long notificationId, AnomalyReason reason, String detail,
                   Instant createdAt) {
        public NewCase {
            Objects.requireNonNull(tenantId, "tenant id");
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(createdAt, "created at");
        }
    }
}
