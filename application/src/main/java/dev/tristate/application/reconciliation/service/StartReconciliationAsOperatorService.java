package dev.tristate.application.reconciliation.service;

import dev.tristate.application.reconciliation.port.in.ReconciliationRunView;
import dev.tristate.application.reconciliation.port.in.StartReconciliationAsOperatorUseCase;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StartReconciliationCommand;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StatementSource;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase;
import dev.tristate.application.reconciliation.port.in.StatementRejected;
import dev.tristate.application.reconciliation.port.in.StatementUnavailable;
import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.shared.service.AuditedActions.Action;
import dev.tristate.application.shared.service.AuditedActions.Outcome;
import dev.tristate.application.shared.service.AuditedActions;
import java.time.Clock;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The console's "start a reconciliation run", audited under the form's action key. A run fetches its statement over
 * the network and writes in several transactions, so its entry follows the run; a resubmitted form finds the key and
 * starts nothing, and a re-run of a day repeats no repair.
 */
class StartReconciliationAsOperatorService implements StartReconciliationAsOperatorUseCase {

    public static final String RUN_SUBJECT = "reconciliation-run";
    public static final String DAY_SUBJECT = "reconciliation-day";

    private static final String ACTION = "START_RECONCILIATION";

    private final StartReconciliationUseCase start;
    private final AuditedActions actions;

    StartReconciliationAsOperatorService(StartReconciliationUseCase start, AuditTrail audit,
                                         Transactions transactions, Clock clock) {
        this.start = start;
        this.actions = new AuditedActions(audit, transactions, clock);
    }

    @Override
    public ActionResult startReconciliationAsOperator(StartReconciliationAsOperatorCommand command) {
        AuditedActions.requireRepairRole(command.operator(), "start a reconciliation run");
        Optional<ActionResult> repeated = actions.repeated(command.actionKey());
        if (repeated.isPresent()) {
            return repeated.get();
        }
        String why = "statement " + describe(command.source());
        String day = command.tenantId().value() + "/" + command.channel() + "/" + command.day();
        Action onTheDay = new Action(command.actionKey(), command.operator(), ACTION, DAY_SUBJECT, day, why);
        ReconciliationRunView run;
        try {
            run = start.startReconciliation(new StartReconciliationCommand(command.tenantId(), command.channel(),
                    command.day(), command.source(), command.operator().username()));
        } catch (StatementRejected e) {
            actions.run(onTheDay, now -> new Outcome("REJECTED", e.problems().stream().limit(20)
                    .map(StatementRejected.Problem::toString).collect(Collectors.joining("; "))));
            throw e;
        } catch (StatementUnavailable e) {
            actions.run(onTheDay, now -> new Outcome("UNAVAILABLE", String.valueOf(e.getMessage())));
            throw e;
        }
        return actions.run(new Action(command.actionKey(), command.operator(), ACTION, RUN_SUBJECT,
                Long.toString(run.id()), why), now -> new Outcome(run.status(), day + ": " + run.statementLines()
                + " statement lines, " + run.matched() + " matched, " + run.discrepancies() + " discrepancies ("
                + run.newDiscrepancies() + " new), " + run.repairsApplied() + " repairs applied, "
                + run.repairsOpen() + " open"));
    }

    private static String describe(StatementSource source) {
        return source instanceof StatementSource.Upload upload
                ? "uploaded: " + upload.fileName() + " (" + upload.content().length + " bytes)"
                : "fetched from the channel";
    }
}
