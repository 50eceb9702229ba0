package dev.tristate.domain.entitlement;

import dev.tristate.domain.Identifiers;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import java.util.Objects;

/**
 * The business identity of one grant: this tenant's user got this SKU for this payment. Granted at most once
 * (invariant 4), however many events carry it: it is a unique key of its own, independent of message deduplication.
 */
public record EntitlementKey(TenantId tenantId, String userId, String sku, PaymentId paymentId) {
    public EntitlementKey {
        Objects.requireNonNull(tenantId, "tenant");
        Identifiers.printable("user id", userId, 64);
        Identifiers.printable("sku", sku, 128);
        Objects.requireNonNull(paymentId, "payment");
    }

    /** The key of the token ledger entry that credits this grant. */
    public String creditEntryKey() {
        return "grant:" + paymentId.value() + ":" + sku;
    }
}
