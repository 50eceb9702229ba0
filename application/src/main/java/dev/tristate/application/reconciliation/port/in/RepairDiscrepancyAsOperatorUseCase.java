package dev.tristate.application.reconciliation.port.in;

import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.application.shared.port.in.NotFoundInConsole;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.Operator;
import dev.tristate.domain.console.Reason;
import dev.tristate.domain.tenant.TenantId;
import java.util.Objects;

/**
 * The console's repair button: {@link RepairDiscrepancyUseCase} on an operator's word, reason required, OPERATOR
 * only, audited under the form's action key. Idempotent twice over: the same form submitted again repairs nothing (it
 * is answered with the first entry), and a repair already applied is not applied again (ALREADY_APPLIED). Throws
 * {@link NotFoundInConsole} for no (or another tenant's) discrepancy; a repair whose ledger is not part of this build
 * is audited as NOT_AVAILABLE.
 */
public interface RepairDiscrepancyAsOperatorUseCase {

    ActionResult repairDiscrepancyAsOperator(RepairDiscrepancyAsOperatorCommand command);

    record RepairDiscrepancyAsOperatorCommand(TenantId tenantId, long discrepancyId, Reason reason,
                                              Operator operator, ActionKey actionKey) {
        public RepairDiscrepancyAsOperatorCommand {
            Objects.requireNonNull(tenantId, "tenant id");
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(operator, "operator");
            Objects.requireNonNull(actionKey, "action key");
        }
    }
}
