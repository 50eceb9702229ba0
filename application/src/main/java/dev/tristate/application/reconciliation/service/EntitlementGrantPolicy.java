package dev.tristate.application.reconciliation.service;

import dev.tristate.application.consumer.port.out.EntitlementLedgerView;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.reconciliation.DiscrepancyClass;
import dev.tristate.domain.reconciliation.StatementComparison.Finding;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** PAID_BUT_ENTITLEMENT_MISSING: a payment paid on both sides whose grant still stands, but was never granted. */
public final class EntitlementGrantPolicy implements DiscrepancyPolicy {

    private final EntitlementLedgerView entitlements;

    public EntitlementGrantPolicy(EntitlementLedgerView entitlements) {
        this.entitlements = entitlements;
    }

    @Override
    public Set<DiscrepancyClass> classes() {
        return Set.of(DiscrepancyClass.PAID_BUT_ENTITLEMENT_MISSING);
    }

    @Override
    public Verdict check(StatementDay day) {
        Optional<String> unavailable = entitlements.unavailableBecause();
        if (unavailable.isPresent()) {
            return new Verdict.NotCompared(DiscrepancyClass.PAID_BUT_ENTITLEMENT_MISSING, unavailable.get());
        }
        // Only a payment whose grant stands is owed one: a refunded payment's grant is revoked, not re-granted.
        List<Payment> owed = day.comparison().paidOnBothSides().stream()
                .filter(p -> p.status().grantStands()).toList();
        return new Verdict.Compared(entitlements.missingEntitlements(day.tenant(), owed).stream()
                .map(p -> new Finding(DiscrepancyClass.PAID_BUT_ENTITLEMENT_MISSING, p.id().value(), p, null,
                        "paid on both sides (" + p.amount() + "), but no entitlement was granted for "
                                + p.userId() + " / " + p.sku(), false))
                .toList());
    }
}
