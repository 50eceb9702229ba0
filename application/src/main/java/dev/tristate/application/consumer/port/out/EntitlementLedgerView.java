package dev.tristate.application.consumer.port.out;

import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.tenant.TenantId;
import java.util.List;
import java.util.Optional;

/**
 * Reconciliation's view of the entitlements (PAID_BUT_ENTITLEMENT_MISSING): which paid payments have no grant under
 * their business key (tenant, user, SKU, payment). The repair grants through the same code as the entitlements
 * consumer ({@code EntitlementGrants}); this port only reads. A build without the entitlement ledger supplies
 * {@link #notAvailable(String)}: the class is skipped and every run says so.
 */
public interface EntitlementLedgerView {

    /** Empty when this view can answer; else why not (the run records it as a skipped check). */
    Optional<String> unavailableBecause();

    /**
     * Among these payments of one tenant, in their order, those whose SKU names an entitlement kind and that have no
     * grant under their key (a revoked grant was granted: it is not missing). A SKU of no kind buys no grant: never
     * missing. {@link IllegalArgumentException} for a payment of another tenant.
     */
    List<Payment> missingEntitlements(TenantId tenantId, List<Payment> paid);

    static EntitlementLedgerView notAvailable(String why) {
        return new EntitlementLedgerView() {
            @Override
            public Optional<String> unavailableBecause() {
                return Optional.of(why);
            }

            @Override
            public List<Payment> missingEntitlements(TenantId tenantId, List<Payment> paid) {
                throw new IllegalStateException("entitlements are not available: " + why);
            }
        };
    }
}
