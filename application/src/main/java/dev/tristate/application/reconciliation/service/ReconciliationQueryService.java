package dev.tristate.application.reconciliation.service;

import dev.tristate.application.reconciliation.port.in.DiscrepancyView;
import dev.tristate.application.reconciliation.port.in.ReconciliationNotFound;
import dev.tristate.application.reconciliation.port.in.ReconciliationQuery;
import dev.tristate.application.reconciliation.port.in.ReconciliationRunView;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords;
import dev.tristate.domain.reconciliation.DiscrepancyClass;
import dev.tristate.domain.tenant.TenantId;
import java.util.List;
import java.util.Optional;

/** Reconciliation runs and their discrepancies, for the console and its dashboard. */
public class ReconciliationQueryService implements ReconciliationQuery {

    private final ReconciliationRecords records;
    private final ReconciliationViews views;

    public ReconciliationQueryService(ReconciliationRecords records) {
        this.records = records;
        this.views = new ReconciliationViews(records);
    }

    @Override
    public List<ReconciliationRunView> listRuns(TenantId tenantIdOrNull, int limit) {
        return records.runs(tenantIdOrNull, limit).stream().map(views::runView).toList();
    }

    @Override
    public Optional<ReconciliationRunView> run(TenantId tenantId, long runId) {
        return records.run(tenantId, runId).map(views::runView);
    }

    @Override
    public List<DiscrepancyView> listDiscrepancies(TenantId tenantId, long runId, DiscrepancyClass classOrNull) {
        records.run(tenantId, runId).orElseThrow(() -> new ReconciliationNotFound("no reconciliation run " + runId));
        return records.discrepanciesOfRun(tenantId, runId, classOrNull).stream()
                .map(ReconciliationViews::view).toList();
    }

    @Override
    public Optional<ReconciliationRunView> lastRunSummary(TenantId tenantIdOrNull) {
        return records.runs(tenantIdOrNull, 1).stream().findFirst().map(views::runView);
    }
}
