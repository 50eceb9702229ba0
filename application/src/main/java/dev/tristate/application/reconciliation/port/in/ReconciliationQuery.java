package dev.tristate.application.reconciliation.port.in;

import dev.tristate.domain.reconciliation.DiscrepancyClass;
import dev.tristate.domain.tenant.TenantId;
import java.util.List;
import java.util.Optional;

/** For the admin console: reconciliation runs, their discrepancies by class, and the dashboard's last run. */
public interface ReconciliationQuery {

    /** Runs of one tenant or all (null), newest first. */
    List<ReconciliationRunView> listRuns(TenantId tenantIdOrNull, int limit);

    /** One run of the tenant; empty for no (or another tenant's) run. */
    Optional<ReconciliationRunView> run(TenantId tenantId, long runId);

    /** The discrepancies a run saw, of one class or all (null). Throws {@link ReconciliationNotFound}. */
    List<DiscrepancyView> listDiscrepancies(TenantId tenantId, long runId, DiscrepancyClass classOrNull);

    /** The newest run of one tenant or all (null), with its discrepancies per class and repairs still open. */
    Optional<ReconciliationRunView> lastRunSummary(TenantId tenantIdOrNull);
}
