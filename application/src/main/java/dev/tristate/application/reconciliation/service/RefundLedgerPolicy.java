package dev.tristate.application.reconciliation.service;

import dev.tristate.application.refund.port.out.RefundLedgerView;
import dev.tristate.domain.reconciliation.DiscrepancyClass;
import dev.tristate.domain.reconciliation.StatementComparison.Finding;
import java.util.Optional;
import java.util.Set;

/** REFUND_MISMATCH: the statement's REFUND lines against our refunds, as the refund ledger compares them. */
public final class RefundLedgerPolicy implements DiscrepancyPolicy {

    private final RefundLedgerView refunds;
    private final OurPayments payments;

    public RefundLedgerPolicy(RefundLedgerView refunds, OurPayments payments) {
        this.refunds = refunds;
        this.payments = payments;
    }

    @Override
    public Set<DiscrepancyClass> classes() {
        return Set.of(DiscrepancyClass.REFUND_MISMATCH);
    }

    @Override
    public Verdict check(StatementDay day) {
        Optional<String> unavailable = refunds.unavailableBecause();
        if (unavailable.isPresent()) {
            return new Verdict.NotCompared(DiscrepancyClass.REFUND_MISMATCH, unavailable.get() + " ("
                    + day.refundLines().size() + " refund lines not compared)");
        }
        return new Verdict.Compared(refunds.compare(day.tenant(), day.channel(), day.day(), day.refundLines())
                .stream()
                .map(m -> new Finding(DiscrepancyClass.REFUND_MISMATCH, m.subject(),
                        payments.named(day.tenant(), m.paymentId()).orElse(null), m.line(), m.detail(), false))
                .toList());
    }
}
