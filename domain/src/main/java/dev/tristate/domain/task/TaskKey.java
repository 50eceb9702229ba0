package dev.tristate.domain.task;

import dev.tristate.domain.Identifiers;
import dev.tristate.domain.entitlement.EntitlementKey;
import dev.tristate.domain.payment.PaymentId;

/**
 * The identity of one side effect, unique in the task table and sent downstream as {@code Idempotency-Key}: however
 * often the task runs (a retry, a crash at C6), the receiver sees one key and can apply it once.
 */
public record TaskKey(String value) {
    public TaskKey {
        Identifiers.printable("task key", value, 255);
    }

    /** The notice that a grant was made: one per grant (its business key names the payment and the SKU). */
    public static TaskKey entitlementGranted(EntitlementKey grant) {
        return new TaskKey("entitlement-granted:" + grant.paymentId().value() + ":" + grant.sku());
    }

    /** The revocation of a fully refunded payment's grants, and the notice of it: one per payment. */
    public static TaskKey entitlementsRevoked(PaymentId paymentId) {
        return new TaskKey("entitlements-revoked:" + paymentId.value());
    }

    @Override
    public String toString() {
        return value;
    }
}
