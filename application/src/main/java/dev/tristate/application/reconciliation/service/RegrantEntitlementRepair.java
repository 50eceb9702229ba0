package dev.tristate.application.reconciliation.service;

import dev.tristate.application.consumer.port.out.EntitlementLedgerView;
import dev.tristate.application.consumer.service.EntitlementGrants;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.StoredDiscrepancy;
import dev.tristate.domain.entitlement.EntitlementKey;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentEvent;
import dev.tristate.domain.reconciliation.Repair;
import java.time.Instant;
import java.util.Optional;

/**
 * REGRANT_ENTITLEMENT: grants the payment's entitlement under its business key, recorded under the id of the
 * payment's own PaymentSucceeded (derived, so the same as the event the consumer may still receive): whichever of the
 * two commits first grants, the other finds the key granted. It runs in the repair's transaction, so the grant and
 * the repair's settlement commit together or not at all.
 */
public final class RegrantEntitlementRepair implements RepairEffect {

    private final OurPayments payments;
    private final EntitlementLedgerView entitlements;
    private final EntitlementGrants grants;

    public RegrantEntitlementRepair(OurPayments payments, EntitlementLedgerView entitlements,
                                    EntitlementGrants grants) {
        this.payments = payments;
        this.entitlements = entitlements;
        this.grants = grants;
    }

    @Override
    public Repair repair() {
        return Repair.REGRANT_ENTITLEMENT;
    }

    @Override
    public Optional<String> unavailableBecause() {
        return entitlements.unavailableBecause();
    }

    @Override
    public String apply(StoredDiscrepancy d, String operator, String reason, Instant now) {
        Payment p = payments.named(d.tenantId(), d.paymentId())
                .orElseThrow(() -> new IllegalStateException("no payment " + d.paymentId()));
        if (!p.status().grantStands()) {
            throw new IllegalStateException("the payment is " + p.status() + " now: no grant is owed");
        }
        EntitlementKey key = new EntitlementKey(p.tenantId(), p.userId(), p.sku(), p.id());
        EventId event = PaymentEvent.PaymentSucceeded.idFor(p.id());
        EntitlementGrants.Granted granted = grants.grant(key, event, now).orElseThrow(() ->
                new IllegalStateException("the sku " + p.sku() + " names no entitlement kind"));
        String grant = p.sku() + " for " + p.userId() + " (payment " + p.id().value() + ")";
        return granted == EntitlementGrants.Granted.GRANTED
                ? "granted " + grant + " as event " + event + "; task entitlement-granted written"
                : "already granted " + grant + " by then: nothing granted again";
    }
}
