package dev.tristate.application.reconciliation.service;

import dev.tristate.application.consumer.port.out.EntitlementLedgerView;
import dev.tristate.application.refund.port.out.RefundLedgerView;
import java.util.List;

/** The policies a run applies, in the order their findings are recorded; together they cover every class. */
public final class DiscrepancyPolicies {

    private DiscrepancyPolicies() {
    }

    public static List<DiscrepancyPolicy> allCurrentPolicies(EntitlementLedgerView entitlements,
                                                             RefundLedgerView refunds, OurPayments payments) {
        return List.of(new PaymentLinesPolicy(), new EntitlementGrantPolicy(entitlements),
                new RefundLedgerPolicy(refunds, payments));
    }
}
