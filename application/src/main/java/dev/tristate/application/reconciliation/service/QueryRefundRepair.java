package dev.tristate.application.reconciliation.service;

import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.StoredDiscrepancy;
import dev.tristate.application.refund.port.out.RefundLedgerView;
import dev.tristate.domain.reconciliation.Repair;
import java.time.Instant;
import java.util.Optional;

/** QUERY_REFUND: the refund ledger asks the channel about the refund of the mismatch. */
public final class QueryRefundRepair implements RepairEffect {

    private final RefundLedgerView refunds;

    public QueryRefundRepair(RefundLedgerView refunds) {
        this.refunds = refunds;
    }

    @Override
    public Repair repair() {
        return Repair.QUERY_REFUND;
    }

    @Override
    public Optional<String> unavailableBecause() {
        return refunds.unavailableBecause();
    }

    @Override
    public String apply(StoredDiscrepancy d, String operator, String reason, Instant now) {
        return refunds.queryRefund(d.tenantId(), d.channel(), d.subject(), operator, reason);
    }
}
