package dev.tristate.application.reconciliation.service;

import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.StoredDiscrepancy;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.domain.reconciliation.Repair;
import java.time.Instant;

/** ASK_CHANNEL: the resolver's case, due now: its active query asks the channel and applies the answer. */
public final class AskChannelRepair implements RepairEffect {

    static final String RESOLVER_REASON = "RECONCILIATION_STATUS_MISMATCH";

    private final ResolutionCases cases;

    public AskChannelRepair(ResolutionCases cases) {
        this.cases = cases;
    }

    @Override
    public Repair repair() {
        return Repair.ASK_CHANNEL;
    }

    @Override
    public String apply(StoredDiscrepancy d, String operator, String reason, Instant now) {
        boolean open = cases.open(d.tenantId(), d.paymentId(), d.channel(), RESOLVER_REASON, now);
        return open ? "resolver case open, due " + now + ": the channel is asked and its answer applied"
                : "resolver case is flagged: a person already has it";
    }
}
