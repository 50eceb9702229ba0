package dev.tristate.application.reconciliation.service;

import dev.tristate.application.reconciliation.port.in.ReconciliationRunView;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.DiscrepancyCounts;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.NewRun;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.RepairCounts;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.RunTotals;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords;
import dev.tristate.application.reconciliation.service.DayRecorder.RecordedDay;
import dev.tristate.application.reconciliation.service.StatementMatcher.DayFindings;
import dev.tristate.application.reconciliation.service.StatementReader.Statement;
import dev.tristate.application.shared.port.out.Transactions;
import java.time.Clock;

/**
 * A reconciliation run: read the statement (refused as a whole when unreadable, before anything is stored), match it
 * against our ledgers ({@link StatementMatcher}), record what it found ({@link DayRecorder}), then apply each open
 * repair once ({@link AutomaticRepairs}). A run that fails after it started is stored as FAILED with why. Two runs of
 * one day find the same discrepancies (their key holds no run) and repeat no repair (a repair is settled once).
 */
class StartReconciliationService implements StartReconciliationUseCase {

    private final StatementReader reader;
    private final StatementMatcher matcher;
    private final DayRecorder recorder;
    private final AutomaticRepairs repairs;
    private final ReconciliationRecords records;
    private final Transactions transactions;
    private final Clock clock;
    private final ReconciliationViews views;

    StartReconciliationService(StatementReader reader, StatementMatcher matcher, DayRecorder recorder,
                               AutomaticRepairs repairs, ReconciliationRecords records,
                               Transactions transactions, Clock clock) {
        this.reader = reader;
        this.matcher = matcher;
        this.recorder = recorder;
        this.repairs = repairs;
        this.records = records;
        this.transactions = transactions;
        this.clock = clock;
        this.views = new ReconciliationViews(records);
    }

    @Override
    public ReconciliationRunView startReconciliation(StartReconciliationCommand command) {
        Statement statement = reader.read(command);
        long runId = transactions.inTransaction(() -> records.startRun(new NewRun(command.tenantId(),
                command.channel(), command.day(), command.source().name(), statement.fileName(), statement.sha256(),
                command.operator(), DatabaseTime.now(clock))));
        try {
            RunTotals totals = reconcile(runId, command, statement);
            transactions.inTransaction(() -> records.finishRun(runId, totals, DatabaseTime.now(clock)));
        } catch (RuntimeException e) {
            try {
                transactions.inTransaction(() -> records.failRun(runId, String.valueOf(e.getMessage()),
                        DatabaseTime.now(clock)));
            } catch (RuntimeException alsoFailed) {
                e.addSuppressed(alsoFailed);
            }
            throw e;
        }
        return views.runView(records.run(command.tenantId(), runId).orElseThrow());
    }

    private RunTotals reconcile(long runId, StartReconciliationCommand command, Statement statement) {
        DayFindings findings = matcher.match(command.tenantId(), command.channel(), command.day(), statement.zone(),
                statement.lines());
        RecordedDay recorded = recorder.record(runId, findings);
        RepairCounts repaired = repairs.applyPending(command.tenantId(), runId);
        return new RunTotals(findings.lines(), findings.matchedLines(), recorded.pool(),
                new DiscrepancyCounts(recorded.ofDay(), recorded.found()), repaired, findings.skippedChecks());
    }
}
