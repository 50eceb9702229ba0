package dev.tristate.application.port.out;

import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.tenant.TenantId;
import java.util.List;
import java.util.Optional;

/**
 * Reconciliation's view of the entitlements (PAID_BUT_ENTITLEMENT_MISSING): which payments, paid on both sides, have
 * no granted entitlement, and the repair that grants one again through its keyed task. A build without the
 * entitlement ledger supplies {@link #notAvailable(String)}: the class is skipped and every run says so.
 */
public interface EntitlementLedgerView {

    /** Empty when this view can answer; else why not (the run records it as a skipped check). */
    Optional<String> unavailableBecause();

    /** Among these paid payments of one tenant, those whose entitlement is missing. */
    List<Payment> missingEntitlements(TenantId tenantId, List<Payment> paid);

    /** Grants the payment's entitlement again through the keyed task (granted at most once); returns what it did. */
    String regrant(TenantId tenantId, String paymentId, String operator, String reason);

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

            @Override
            public String regrant(TenantId tenantId, String paymentId, String operator, String reason) {
                throw new IllegalStateException("entitlements are not available: " + why);
            }
        };
    }
}
