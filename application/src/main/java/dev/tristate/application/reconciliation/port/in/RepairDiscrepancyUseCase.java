package dev.tristate.application.reconciliation.port.in;

import dev.tristate.application.shared.port.in.ActionAudit;
import dev.tristate.domain.tenant.TenantId;
import java.util.Objects;

/**
 * Applies a discrepancy's repair (the one its class names), with who asked and why recorded. Idempotent: a repair
 * already applied is not applied again, and the answer shows who applied it and when. Throws
 * {@link ReconciliationNotFound} for no (or another tenant's) discrepancy, and {@link RepairNotAvailable} when the
 * repair's ledger is not part of this build.
 *
 * <p>The {@code audit} entry (an operator's, or {@link ActionAudit#NONE}) is written in the transaction that settles
 * the repair: {@link #REPAIRED} with the repair's effect, or {@link #REPAIR_FAILED} with the FAILED settlement. A repair
 * settled by someone else first, or already applied, writes none (nothing was done).
 */
public interface RepairDiscrepancyUseCase {

    String REPAIRED = "REPAIRED";
    String REPAIR_FAILED = "REPAIR_FAILED";

    RepairOutcome repairDiscrepancy(RepairDiscrepancyCommand command);

    record RepairDiscrepancyCommand(TenantId tenantId, long discrepancyId, String operator, String reason,
                                    ActionAudit audit) {
        public RepairDiscrepancyCommand {
            Objects.requireNonNull(tenantId, "tenant id");
            if (operator == null || operator.isBlank()) {
                throw new IllegalArgumentException("the operator who applies the repair is required");
            }
            if (reason == null || reason.isBlank()) {
                throw new IllegalArgumentException("a reason for the repair is required");
            }
            Objects.requireNonNull(audit, "audit (ActionAudit.NONE for none)");
        }
    }

    /** What this request did to the repair, with the discrepancy as it stands afterwards. */
    sealed interface RepairOutcome {
        DiscrepancyView discrepancy();

        /** This request applied the repair (APPLIED). */
        record Repaired(DiscrepancyView discrepancy) implements RepairOutcome {
        }

        /** This request tried the repair; it failed and stands FAILED, with why in its result. */
        record RepairFailed(DiscrepancyView discrepancy) implements RepairOutcome {
        }

        /** The repair was applied before this request: nothing was done. */
        record AlreadyApplied(DiscrepancyView discrepancy) implements RepairOutcome {
        }

        /**
         * This request settled nothing: someone else settled the repair while it worked, or the audit entry's action
         * key was taken (the same form submitted twice); the discrepancy shows what stands.
         */
        record SettledElsewhere(DiscrepancyView discrepancy) implements RepairOutcome {
        }
    }
}
