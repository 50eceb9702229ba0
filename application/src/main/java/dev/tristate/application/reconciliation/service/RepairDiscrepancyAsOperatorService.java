package dev.tristate.application.reconciliation.service;

import dev.tristate.application.reconciliation.port.in.DiscrepancyView;
import dev.tristate.application.reconciliation.port.in.ReconciliationNotFound;
import dev.tristate.application.reconciliation.port.in.RepairDiscrepancyAsOperatorUseCase;
import dev.tristate.application.reconciliation.port.in.RepairDiscrepancyUseCase.RepairDiscrepancyCommand;
import dev.tristate.application.reconciliation.port.in.RepairDiscrepancyUseCase.RepairOutcome;
import dev.tristate.application.reconciliation.port.in.RepairDiscrepancyUseCase;
import dev.tristate.application.reconciliation.port.in.RepairNotAvailable;
import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.application.shared.port.in.NotFoundInConsole;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.shared.service.AuditedActions.Action;
import dev.tristate.application.shared.service.AuditedActions.Outcome;
import dev.tristate.application.shared.service.AuditedActions;
import dev.tristate.domain.reconciliation.RepairStatus;
import java.time.Clock;
import java.util.Optional;

/**
 * The console's repair button, audited under the form's action key. The entry is written by the repair in the
 * transaction that settles it (APPLIED with its effect, or FAILED), through the command's audit: the repair and its
 * entry commit together. Where that transaction wrote none (the repair was settled before, or is not available),
 * nothing was done, and this service audits the press in a transaction of its own. Two submissions of one form meet
 * at the key's unique index in the repair's transaction, and the second rolls back.
 */
class RepairDiscrepancyAsOperatorService implements RepairDiscrepancyAsOperatorUseCase {

    static final String ALREADY_APPLIED = "ALREADY_APPLIED";
    static final String NOT_AVAILABLE = "NOT_AVAILABLE";

    private final RepairDiscrepancyUseCase repair;
    private final AuditedActions actions;

    RepairDiscrepancyAsOperatorService(RepairDiscrepancyUseCase repair, AuditTrail audit,
                                       Transactions transactions, Clock clock) {
        this.repair = repair;
        this.actions = new AuditedActions(audit, transactions, clock);
    }

    @Override
    public ActionResult repairDiscrepancyAsOperator(RepairDiscrepancyAsOperatorCommand command) {
        AuditedActions.requireRepairRole(command.operator(), "repair a discrepancy");
        Optional<ActionResult> repeated = actions.repeated(command.actionKey());
        if (repeated.isPresent()) {
            return repeated.get();
        }
        AuditedActions.InEffect note = actions.inEffect(new Action(command.actionKey(), command.operator(),
                "REPAIR_DISCREPANCY", DISCREPANCY_SUBJECT, Long.toString(command.discrepancyId()),
                command.reason().text()));
        Outcome outcome;
        try {
            outcome = outcomeOf(repair.repairDiscrepancy(new RepairDiscrepancyCommand(command.tenantId(),
                    command.discrepancyId(), command.operator().username(), command.reason().text(), note)));
        } catch (ReconciliationNotFound e) {
            throw new NotFoundInConsole("no discrepancy " + command.discrepancyId() + " of tenant "
                    + command.tenantId());
        } catch (RepairNotAvailable e) {
            outcome = new Outcome(NOT_AVAILABLE, e.getMessage());
        }
        Outcome otherwise = outcome;
        return actions.settle(note, now -> otherwise);
    }

    /** The entry for what the repair did; where the repair wrote it already, the written one stands. */
    private static Outcome outcomeOf(RepairOutcome outcome) {
        DiscrepancyView d = outcome.discrepancy();
        String what = d.kind() + " → " + d.repair() + ": ";
        if (outcome instanceof RepairOutcome.Repaired) {
            return new Outcome(RepairDiscrepancyUseCase.REPAIRED, what + d.repairResult());
        }
        if (outcome instanceof RepairOutcome.RepairFailed || d.repairStatus() == RepairStatus.FAILED) {
            return new Outcome(RepairDiscrepancyUseCase.REPAIR_FAILED, what + d.repairResult());
        }
        if (d.repairStatus() != RepairStatus.APPLIED) {
            return new Outcome(RepairDiscrepancyUseCase.REPAIR_FAILED, what + "still " + d.repairStatus());
        }
        return new Outcome(ALREADY_APPLIED, what + "applied by " + d.repairedBy() + " at " + d.repairedAt() + ": "
                + d.repairResult());
    }
}
