package dev.tristate.application.reconciliation.port.out;

import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.reconciliation.DiscrepancyClass;
import dev.tristate.domain.reconciliation.RepairStatus;
import dev.tristate.domain.reconciliation.StatementLine;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Statement reconciliation's records: runs, the discrepancies they found (one per run day, tenant, channel, class and
 * subject, whatever the number of runs), which run saw which discrepancy, and the holding pool of items that may only
 * be timing. Always read within one tenant, except for the dashboard's "all tenants" listings (tenant null).
 */
public interface ReconciliationRecords {

    long startRun(NewRun run);

    /** Writes a finished run's totals (status COMPLETED). */
    void finishRun(long runId, RunTotals totals, Instant finishedAt);

    /** Marks a run that could not finish (status FAILED) with why. */
    void failRun(long runId, String error, Instant finishedAt);

    Optional<StoredRun> run(TenantId tenantId, long runId);

    /** Runs of one tenant or all (null), newest first. */
    List<StoredRun> runs(TenantId tenantIdOrNull, int limit);

    /**
     * The discrepancy under its key (statement day, tenant, channel, class, subject): the stored one when it exists
     * (nothing is changed), else the new one, inserted. {@link Recorded#created()} tells which.
     */
    Recorded recordDiscrepancy(NewDiscrepancy discrepancy);

    /** Links every discrepancy of the run's day (tenant, channel, day) to the run; returns how many it has. */
    int linkDayToRun(long runId, TenantId tenantId, String channel, LocalDate day);

    /** The discrepancies a run saw, of one class or all (null), in id order. */
    List<StoredDiscrepancy> discrepanciesOfRun(TenantId tenantId, long runId, DiscrepancyClass classOrNull);

    Optional<StoredDiscrepancy> discrepancy(TenantId tenantId, long discrepancyId);

    /**
     * Writes what became of a repair, only where its status is still {@code expected}: false when someone else
     * settled it meanwhile (the row count decides, so a repair is applied at most once).
     */
    boolean settleRepair(long discrepancyId, RepairStatus expected, RepairSettlement settlement);

    /** Puts an item in the holding pool; false when it is there already (in any state). */
    boolean hold(NewHold hold);

    /** Items of the tenant and channel still HELD that were held for a day before {@code day}, oldest first. */
    List<StoredHold> heldBefore(TenantId tenantId, String channel, LocalDate day);

    /** How many items held for exactly this day are still HELD. */
    int stillHeld(TenantId tenantId, String channel, LocalDate day);

    /** Settles a held item (RELEASED or COUNTED), only while it is still HELD. */
    boolean settleHold(long holdId, HoldStatus status, long runId, String result, Instant at);

    /**
     * The discrepancies whose repair is not applied yet (PENDING or FAILED), of every tenant, by class: for the gauges.
     * Every class is in the answer, with zero and no oldest where none is open.
     */
    Map<DiscrepancyClass, OpenDiscrepancies> openDiscrepancies();

    enum RunStatus { RUNNING, COMPLETED, FAILED }

    /** {@code oldestFoundAt}: when the longest-open discrepancy of the class was found; null when none is open. */
    record OpenDiscrepancies(long open, Instant oldestFoundAt) {
        public static final OpenDiscrepancies NONE = new OpenDiscrepancies(0, null);

        /** Every class, with {@link #NONE} for those {@code byClass} lacks. */
        public static Map<DiscrepancyClass, OpenDiscrepancies> ofEveryClass(
                Map<DiscrepancyClass, OpenDiscrepancies> byClass) {
            EnumMap<DiscrepancyClass, OpenDiscrepancies> all = new EnumMap<>(DiscrepancyClass.class);
            for (DiscrepancyClass kind : DiscrepancyClass.values()) {
                all.put(kind, byClass.getOrDefault(kind, NONE));
            }
            return Collections.unmodifiableMap(all);
        }
    }

    enum HoldStatus { HELD, RELEASED, COUNTED }

    record NewRun(TenantId tenantId, String channel, LocalDate day, String source, String fileName,
                  String statementSha256, String startedBy, Instant startedAt) {
        public NewRun {
            Objects.requireNonNull(tenantId, "tenant id");
            Objects.requireNonNull(channel, "channel");
            Objects.requireNonNull(day, "day");
            Objects.requireNonNull(source, "source");
            Objects.requireNonNull(startedBy, "started by");
            Objects.requireNonNull(startedAt, "started at");
        }
    }

    /**
     * What a run counted: the statement's lines, the lines that matched, the holding pool, the discrepancies of the
     * day and the repairs it applied. {@code skippedChecks} names each class not compared, and why, one line each.
     */
    record RunTotals(LineCounts lines, int matched, PoolCounts pool, DiscrepancyCounts discrepancies,
                     RepairCounts repairs, List<String> skippedChecks) {
        public RunTotals {
            Objects.requireNonNull(lines, "lines");
            Objects.requireNonNull(pool, "pool");
            Objects.requireNonNull(discrepancies, "discrepancies");
            Objects.requireNonNull(repairs, "repairs");
            skippedChecks = List.copyOf(skippedChecks);
        }

        /** The totals of a run that has none (still running, or failed). */
        public static RunTotals none() {
            return new RunTotals(new LineCounts(0, 0, 0), 0, new PoolCounts(0, 0, 0), new DiscrepancyCounts(0, 0),
                    new RepairCounts(0, 0), List.of());
        }
    }

    /** The statement's lines: all of them, and of those the PAYMENT and the REFUND lines. */
    record LineCounts(int statement, int payment, int refund) {
    }

    /**
     * The holding pool: {@code held} items of the run's day still waiting, {@code released} earlier days' items the
     * run matched, {@code countedFromPool} earlier days' items it counted as discrepancies.
     */
    record PoolCounts(int held, int released, int countedFromPool) {
    }

    /** Every discrepancy of the run's day ({@code ofDay}, found now or by an earlier run), and those found first now. */
    record DiscrepancyCounts(int ofDay, int found) {
    }

    record RepairCounts(int applied, int failed) {
    }

    record StoredRun(long id, TenantId tenantId, String channel, LocalDate day, String source, String fileName,
                     String statementSha256, String startedBy, Instant startedAt, Instant finishedAt,
                     RunStatus status, RunTotals totals, String error) {
    }

    /** A new discrepancy. {@code line} is the statement's side (null when the statement does not list it). */
    record NewDiscrepancy(TenantId tenantId, String channel, LocalDate day, DiscrepancyClass kind, String subject,
                          PaymentId paymentId, StatementLine line, String ourStatus, String detail, long runId,
                          Instant at) {
        public NewDiscrepancy {
            Objects.requireNonNull(tenantId, "tenant id");
            Objects.requireNonNull(channel, "channel");
            Objects.requireNonNull(day, "day");
            Objects.requireNonNull(kind, "class");
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(detail, "detail");
            Objects.requireNonNull(at, "at");
        }
    }

    record Recorded(StoredDiscrepancy discrepancy, boolean created) {
    }

    /** A discrepancy with its repair: the repair is the class's, stored as its name. */
    record StoredDiscrepancy(long id, TenantId tenantId, String channel, LocalDate day, DiscrepancyClass kind,
                             String repair, String subject, PaymentId paymentId, StatementLine line, String ourStatus,
                             String detail, RepairStatus repairStatus, String repairResult, String repairedBy,
                             String repairReason, Instant repairedAt, long firstRunId, Instant createdAt) {
    }

    record RepairSettlement(RepairStatus status, String result, String by, String reason, Instant at) {
        public RepairSettlement {
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(at, "at");
        }
    }

    record NewHold(TenantId tenantId, String channel, LocalDate day, DiscrepancyClass kind, String subject,
                   PaymentId paymentId, StatementLine line, String detail, long runId, Instant at) {
        public NewHold {
            Objects.requireNonNull(tenantId, "tenant id");
            Objects.requireNonNull(channel, "channel");
            Objects.requireNonNull(day, "day");
            Objects.requireNonNull(kind, "class");
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(at, "at");
        }
    }

    record StoredHold(long id, TenantId tenantId, String channel, LocalDate day, DiscrepancyClass kind,
                      String subject, PaymentId paymentId, StatementLine line, String detail, HoldStatus status,
                      Long settledByRun, String result, Instant heldAt, Instant settledAt) {
    }
}
