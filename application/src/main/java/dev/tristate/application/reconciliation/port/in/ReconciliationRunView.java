package dev.tristate.application.reconciliation.port.in;

import dev.tristate.domain.reconciliation.DiscrepancyClass;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/**
 * One reconciliation run. {@code discrepancies} counts every discrepancy of the day the run saw (found now or by an
 * earlier run of the day), {@code newDiscrepancies} those it found first; {@code held} the items of the day waiting in
 * the holding pool, {@code released}/{@code countedFromPool} what it decided about earlier days' held items;
 * {@code skippedChecks} the classes it could not compare, with why.
 */
public record ReconciliationRunView(long id, TenantId tenantId, String channel, LocalDate day, String source,
                                    String fileName, String startedBy, Instant startedAt, Instant finishedAt,
                                    String status, String error, int statementLines, int paymentLines,
                                    int refundLines, int matched, int held, int released, int countedFromPool,
                                    int discrepancies, int newDiscrepancies, int repairsApplied, int repairsFailed,
                                    int repairsOpen, Map<DiscrepancyClass, Integer> byClass,
                                    List<String> skippedChecks) {
    public ReconciliationRunView {
        byClass = Map.copyOf(byClass);
        skippedChecks = List.copyOf(skippedChecks);
    }
}
