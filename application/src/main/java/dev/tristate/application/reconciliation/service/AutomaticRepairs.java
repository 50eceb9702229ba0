package dev.tristate.application.reconciliation.service;

import dev.tristate.application.reconciliation.port.in.RepairDiscrepancyUseCase.RepairDiscrepancyCommand;
import dev.tristate.application.reconciliation.port.in.RepairDiscrepancyUseCase;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.RepairCounts;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.StoredDiscrepancy;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords;
import dev.tristate.application.shared.port.in.ActionAudit;
import dev.tristate.domain.reconciliation.RepairStatus;
import dev.tristate.domain.tenant.TenantId;

/**
 * When automatic repair is on, a run applies the repair of every discrepancy it saw that is still PENDING (a FAILED
 * one waits for an operator). Counted by where each repair stands afterwards, whoever settled it.
 */
final class AutomaticRepairs {

    /** Who applies the automatic repairs, as the discrepancies show it. */
    public static final String AUTOMATIC_OPERATOR = "reconciliation";

    private final RepairDiscrepancyUseCase repairs;
    private final ReconciliationRecords records;
    private final boolean enabled;

    AutomaticRepairs(RepairDiscrepancyUseCase repairs, ReconciliationRecords records,
                     ReconciliationSettings settings) {
        this.repairs = repairs;
        this.records = records;
        this.enabled = settings.autoRepair();
    }

    RepairCounts applyPending(TenantId tenant, long runId) {
        int applied = 0;
        int failed = 0;
        if (!enabled) {
            return new RepairCounts(applied, failed);
        }
        for (StoredDiscrepancy d : records.discrepanciesOfRun(tenant, runId, null)) {
            if (d.repairStatus() != RepairStatus.PENDING) {
                continue;
            }
            RepairStatus after = repairs.repairDiscrepancy(new RepairDiscrepancyCommand(tenant, d.id(),
                    AUTOMATIC_OPERATOR, "automatic repair by reconciliation run " + runId, ActionAudit.NONE))
                    .discrepancy().repairStatus();
            if (after == RepairStatus.APPLIED) {
                applied++;
            } else if (after == RepairStatus.FAILED) {
                failed++;
            }
        }
        return new RepairCounts(applied, failed);
    }
}
