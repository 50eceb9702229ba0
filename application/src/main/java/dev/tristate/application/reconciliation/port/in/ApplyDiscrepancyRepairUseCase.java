package dev.tristate.application.reconciliation.port.in;

import dev.tristate.application.shared.port.in.ActionAudit;
import dev.tristate.domain.tenant.TenantId;
import java.util.Objects;

/**
 * Applies a discrepancy's repair (the one its class names) on an operator's word, with the reason recorded.
 * Idempotent: a repair already applied is not applied again, and the answer shows who applied it and when. Throws
 * {@link ReconciliationNotFound} for no (or another tenant's) discrepancy, and {@link RepairNotAvailable} when the
 * repair's ledger is not part of this build.
 *
 * <p>The operator's {@code audit} entry is written in the transaction that settles the repair: {@link #REPAIRED}
 * with the repair's effect, or {@link #REPAIR_FAILED} with the FAILED settlement. A repair settled by someone else
 * first, or already applied, writes none (nothing was done).
 */
public interface ApplyDiscrepancyRepairUseCase {

    String REPAIRED = "REPAIRED";
    String REPAIR_FAILED = "REPAIR_FAILED";

    DiscrepancyView applyRepair(ApplyRepairCommand command);

    record ApplyRepairCommand(TenantId tenantId, long discrepancyId, String operator, String reason,
                              ActionAudit audit) {
        public ApplyRepairCommand {
            Objects.requireNonNull(tenantId, "tenant id");
            if (operator == null || operator.isBlank()) {
                throw new IllegalArgumentException("the operator who applies the repair is required");
            }
            if (reason == null || reason.isBlank()) {
                throw new IllegalArgumentException("a reason for the repair is required");
            }
            Objects.requireNonNull(audit, "audit (ActionAudit.NONE for none)");
        }

        public ApplyRepairCommand(TenantId tenantId, long discrepancyId, String operator, String reason) {
            this(tenantId, discrepancyId, operator, reason, ActionAudit.NONE);
        }
    }
}
