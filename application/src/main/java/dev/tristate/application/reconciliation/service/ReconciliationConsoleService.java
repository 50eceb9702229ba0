package dev.tristate.application.reconciliation.service;

import dev.tristate.application.reconciliation.port.in.ApplyDiscrepancyRepairUseCase.ApplyRepairCommand;
import dev.tristate.application.reconciliation.port.in.ApplyDiscrepancyRepairUseCase;
import dev.tristate.application.reconciliation.port.in.DiscrepancyView;
import dev.tristate.application.reconciliation.port.in.ReconciliationNotFound;
import dev.tristate.application.reconciliation.port.in.ReconciliationRunView;
import dev.tristate.application.reconciliation.port.in.RepairDiscrepancyUseCase;
import dev.tristate.application.reconciliation.port.in.RepairNotAvailable;
import dev.tristate.application.reconciliation.port.in.RunReconciliationUseCase;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StartReconciliationCommand;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StatementSource;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase;
import dev.tristate.application.reconciliation.port.in.StatementRejected;
import dev.tristate.application.reconciliation.port.in.StatementUnavailable;
import dev.tristate.application.shared.port.in.ActionAudit;
import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.application.shared.port.in.NotFoundInConsole;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.shared.port.out.PersistenceFailure;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.shared.service.AuditedActions.Action;
import dev.tristate.application.shared.service.AuditedActions.Outcome;
import dev.tristate.application.shared.service.AuditedActions;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.Operator;
import dev.tristate.domain.reconciliation.RepairStatus;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The console's side of reconciliation: starting a run and pressing a discrepancy's repair button, each audited under
 * the form's action key. A repair's audit entry is written by the reconciliation service in the transaction that
 * settles the repair (APPLIED with its effect, or FAILED), through the command's {@link ActionAudit}: the repair and
 * its entry commit together. Where that transaction wrote none (the repair was settled before, or is not available),
 * nothing was done, and this service audits the press in a transaction of its own. A run fetches its statement over
 * the network and writes in several transactions, so its entry follows the run. What keeps them once-only is the
 * action key (a resubmitted form finds it and does nothing; two racing meet at its unique index in the repair's
 * transaction, and the second rolls back) and the effect itself: a repair is settled under a status precondition
 * (applied once, whoever asks) and a re-run of a day repeats no repair.
 */
public class ReconciliationConsoleService implements RunReconciliationUseCase, RepairDiscrepancyUseCase {

    public static final String RUN_SUBJECT = "reconciliation-run";
    public static final String DAY_SUBJECT = "reconciliation-day";
    public static final String DISCREPANCY_SUBJECT = "discrepancy";

    private final StartReconciliationUseCase start;
    private final ApplyDiscrepancyRepairUseCase repair;
    private final AuditTrail audit;
    private final AuditedActions actions;
    private final Clock clock;

    public ReconciliationConsoleService(StartReconciliationUseCase start, ApplyDiscrepancyRepairUseCase repair,
                                        AuditTrail audit, Transactions transactions, Clock clock) {
        this.start = start;
        this.repair = repair;
        this.audit = audit;
        this.actions = new AuditedActions(audit, transactions, clock);
        this.clock = clock;
    }

    @Override
    public ActionResult runReconciliation(RunReconciliationCommand command) {
        AuditedActions.requireRepairRole(command.operator(), "start a reconciliation run");
        Optional<ActionResult> repeated = repeatOf(command.actionKey());
        if (repeated.isPresent()) {
            return repeated.get();
        }
        String why = "statement " + describe(command.source());
        String day = command.tenantId().value() + "/" + command.channel() + "/" + command.day();
        ReconciliationRunView run;
        try {
            run = start.startReconciliation(new StartReconciliationCommand(command.tenantId(), command.channel(),
                    command.day(), command.source(), command.operator().username()));
        } catch (StatementRejected e) {
            actions.run(new Action(command.actionKey(), command.operator(), "START_RECONCILIATION", DAY_SUBJECT, day,
                    why), now -> new Outcome("REJECTED", e.problems().stream().limit(20)
                    .map(StatementRejected.Problem::toString).collect(Collectors.joining("; "))));
            throw e;
        } catch (StatementUnavailable e) {
            actions.run(new Action(command.actionKey(), command.operator(), "START_RECONCILIATION", DAY_SUBJECT, day,
                    why), now -> new Outcome("UNAVAILABLE", String.valueOf(e.getMessage())));
            throw e;
        }
        return actions.run(new Action(command.actionKey(), command.operator(), "START_RECONCILIATION", RUN_SUBJECT,
                Long.toString(run.id()), why), now -> new Outcome(run.status(), day + ": " + run.statementLines()
                + " statement lines, " + run.matched() + " matched, " + run.discrepancies() + " discrepancies ("
                + run.newDiscrepancies() + " new), " + run.repairsApplied() + " repairs applied, "
                + run.repairsOpen() + " open"));
    }

    @Override
    public ActionResult repairDiscrepancy(RepairDiscrepancyCommand command) {
        AuditedActions.requireRepairRole(command.operator(), "repair a discrepancy");
        Optional<ActionResult> repeated = repeatOf(command.actionKey());
        if (repeated.isPresent()) {
            return repeated.get();
        }
        Instant asked = clock.instant();
        AuditedActions.InEffect note = actions.inEffect(new Action(command.actionKey(), command.operator(),
                "REPAIR_DISCREPANCY", DISCREPANCY_SUBJECT, Long.toString(command.discrepancyId()),
                command.reason().text()));
        Outcome outcome;
        try {
            DiscrepancyView after = repair.applyRepair(new ApplyRepairCommand(command.tenantId(),
                    command.discrepancyId(), command.operator().username(), command.reason().text(), note));
            outcome = outcomeOf(after, command.operator(), asked);
        } catch (ReconciliationNotFound e) {
            throw new NotFoundInConsole("no discrepancy " + command.discrepancyId() + " of tenant "
                    + command.tenantId());
        } catch (RepairNotAvailable e) {
            outcome = new Outcome("NOT_AVAILABLE", e.getMessage());
        } catch (PersistenceFailure.AlreadyExists e) {
            if (!note.keyTaken()) {
                throw e;
            }
            outcome = null; // the same form submitted twice at once: the other submission repaired
        }
        Outcome otherwise = outcome;
        return actions.settle(note, now -> otherwise);
    }

    /** Applied by this request, applied before it (by whom, when), or failed. */
    private static Outcome outcomeOf(DiscrepancyView d, Operator operator, Instant asked) {
        String what = d.kind() + " → " + d.repair() + ": ";
        if (d.repairStatus() == RepairStatus.FAILED) {
            return new Outcome(ApplyDiscrepancyRepairUseCase.REPAIR_FAILED, what + d.repairResult());
        }
        if (d.repairStatus() != RepairStatus.APPLIED) {
            return new Outcome(ApplyDiscrepancyRepairUseCase.REPAIR_FAILED, what + "still " + d.repairStatus());
        }
        boolean byThisRequest = operator.username().equals(d.repairedBy()) && d.repairedAt() != null
                && !d.repairedAt().isBefore(asked);
        return byThisRequest
                ? new Outcome(ApplyDiscrepancyRepairUseCase.REPAIRED, what + d.repairResult())
                : new Outcome("ALREADY_APPLIED", what + "applied by " + d.repairedBy() + " at " + d.repairedAt()
                        + ": " + d.repairResult());
    }

    private Optional<ActionResult> repeatOf(ActionKey key) {
        return audit.findByActionKey(key).map(first -> new ActionResult(first, true));
    }

    private static String describe(StatementSource source) {
        return source instanceof StatementSource.Upload upload
                ? "uploaded: " + upload.fileName() + " (" + upload.content().length + " bytes)"
                : "fetched from the channel";
    }
}
