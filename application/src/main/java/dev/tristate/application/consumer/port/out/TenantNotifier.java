package dev.tristate.application.consumer.port.out;

import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.task.TaskKey;
import dev.tristate.domain.tenant.TenantId;
import java.net.URI;
import java.util.List;
import java.util.Objects;

/**
 * Tells a tenant's service about a grant (or the revocation of a refunded payment's grants), over the network. The
 * task key goes along as {@code Idempotency-Key} and as the message id of the signature, so the receiver can tell a
 * repeat from a new notice. Every notice is signed with each of the tenant's valid signing secrets (two during a
 * rotation's grace period), so the receiver knows it comes from us. Every outcome is a value: RETRYABLE (nothing
 * reached it, or it said "later"), UNKNOWN (it may have acted: a timeout while waiting), DEFINITE (it refused this
 * notice for good, or the endpoint is one notices may not go to).
 */
public interface TenantNotifier {

    /** {@code signingSecrets}: the tenant's valid webhook signing secrets, newest first; at least one. */
    NotifyOutcome notify(URI endpoint, TaskKey idempotencyKey, GrantNotice notice, List<String> signingSecrets);

    /**
     * What the tenant's service is told: {@code type} {@value #GRANTED} (a grant was made) or {@value #REVOKED} (a
     * fully refunded payment's grants were revoked).
     */
    record GrantNotice(String type, TenantId tenantId, PaymentId paymentId, String paymentStatus, String userId,
                       String sku) {
        public static final String GRANTED = "entitlement.granted";
        public static final String REVOKED = "entitlements.revoked";

        public GrantNotice {
            Objects.requireNonNull(type, "type");
        }

        /** The notice of a grant. */
        public GrantNotice(TenantId tenantId, PaymentId paymentId, String paymentStatus, String userId, String sku) {
            this(GRANTED, tenantId, paymentId, paymentStatus, userId, sku);
        }
    }

    sealed interface NotifyOutcome {
    }

    record Delivered(int httpStatus) implements NotifyOutcome {
    }

    record NotDelivered(OutcomeClass outcomeClass, String reason) implements NotifyOutcome {
        public NotDelivered {
            Objects.requireNonNull(outcomeClass, "outcome class");
            Objects.requireNonNull(reason, "reason");
        }
    }
}
