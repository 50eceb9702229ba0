package dev.tristate.application.reconciliation.service;

import dev.tristate.application.reconciliation.port.in.DiscrepancyView;
import dev.tristate.application.reconciliation.port.in.ReconciliationRunView;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.RunTotals;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.StoredDiscrepancy;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.StoredRun;
import dev.tristate.domain.reconciliation.DiscrepancyClass;
import dev.tristate.domain.reconciliation.RepairStatus;
import dev.tristate.domain.reconciliation.StatementLine;
import java.util.EnumMap;
import java.util.Map;

/** Runs and discrepancies as the inbound ports show them; a run's view counts its discrepancies as they stand. */
final class ReconciliationViews {

    private final ReconciliationRecords records;

    ReconciliationViews(ReconciliationRecords records) {
        this.records = records;
    }

    ReconciliationRunView runView(StoredRun run) {
        Map<DiscrepancyClass, Integer> byClass = new EnumMap<>(DiscrepancyClass.class);
        int open = 0;
        for (StoredDiscrepancy d : records.discrepanciesOfRun(run.tenantId(), run.id(), null)) {
            byClass.merge(d.kind(), 1, Integer::sum);
            if (d.repairStatus() != RepairStatus.APPLIED) {
                open++;
            }
        }
        RunTotals t = run.totals() == null ? RunTotals.none() : run.totals();
        return new ReconciliationRunView(run.id(), run.tenantId(), run.channel(), run.day(), run.source(),
                run.fileName(), run.startedBy(), run.startedAt(), run.finishedAt(), run.status().name(), run.error(),
                t.lines().statement(), t.lines().payment(), t.lines().refund(), t.matched(), t.pool().held(),
                t.pool().released(), t.pool().countedFromPool(), t.discrepancies().ofDay(),
                t.discrepancies().found(), t.repairs().applied(), t.repairs().failed(), open, byClass,
                t.skippedChecks());
    }

    static DiscrepancyView view(StoredDiscrepancy d) {
        StatementLine line = d.line();
        return new DiscrepancyView(d.id(), d.tenantId(), d.channel(), d.day(), d.kind(), d.kind().repair(),
                d.subject(), d.paymentId(), line == null ? null : line.tradeNo(), line == null ? null : line.status(),
                line == null ? null : line.amount().minor(), line == null ? null : line.amount().currencyCode(),
                line == null ? null : line.eventTime(), d.ourStatus(), d.detail(), d.repairStatus(),
                d.repairResult(), d.repairedBy(), d.repairReason(), d.repairedAt(), d.firstRunId(), d.createdAt());
    }
}
