package dev.tristate.adapter.out.persistence.reconciliation;

import static dev.tristate.adapter.out.persistence.jdbc.SqlErrors.translate;

import dev.tristate.adapter.out.persistence.jdbc.Columns;
import dev.tristate.adapter.out.persistence.jdbc.Rows;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.reconciliation.DiscrepancyClass;
import dev.tristate.domain.reconciliation.RepairStatus;
import dev.tristate.domain.reconciliation.StatementEntryType;
import dev.tristate.domain.reconciliation.StatementLine;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.time.LocalDate;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

public class MyBatisReconciliationRecords implements ReconciliationRecords {

    /** The skipped checks share one column, one per line. */
    private static final String SKIPPED_CHECK_SEPARATOR = "\n";

    private final ReconciliationMapper mapper;

    public MyBatisReconciliationRecords(ReconciliationMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public long startRun(NewRun run) {
        ReconciliationMapper.RunRow row = new ReconciliationMapper.RunRow();
        row.tenantId = run.tenantId().value();
        row.channel = run.channel();
        row.statementDay = run.day();
        row.source = run.source();
        row.fileName = Columns.clip(run.fileName(), 255);
        row.statementSha256 = run.statementSha256();
        row.startedBy = Columns.clip(run.startedBy(), 64);
        row.startedAt = Rows.utc(run.startedAt());
        translate(() -> mapper.insertRun(row));
        return row.id;
    }

    @Override
    public void finishRun(long runId, RunTotals t, Instant finishedAt) {
        ReconciliationMapper.RunRow row = new ReconciliationMapper.RunRow();
        row.id = runId;
        row.finishedAt = Rows.utc(finishedAt);
        row.statementLines = t.lines().statement();
        row.paymentLines = t.lines().payment();
        row.refundLines = t.lines().refund();
        row.matched = t.matched();
        row.held = t.pool().held();
        row.released = t.pool().released();
        row.countedFromPool = t.pool().countedFromPool();
        row.discrepancies = t.discrepancies().ofDay();
        row.newDiscrepancies = t.discrepancies().found();
        row.repairsApplied = t.repairs().applied();
        row.repairsFailed = t.repairs().failed();
        row.skippedChecks = Columns.clip(String.join(SKIPPED_CHECK_SEPARATOR, t.skippedChecks()), 1024);
        translate(() -> mapper.finishRun(row));
    }

    @Override
    public void failRun(long runId, String error, Instant finishedAt) {
        translate(() -> mapper.failRun(runId, Columns.clip(error, 1024), Rows.utc(finishedAt)));
    }

    @Override
    public Optional<StoredRun> run(TenantId tenantId, long runId) {
        return Optional.ofNullable(translate(() -> mapper.run(tenantId.value(), runId)))
                .map(MyBatisReconciliationRecords::toRun);
    }

    @Override
    public List<StoredRun> runs(TenantId tenantIdOrNull, int limit) {
        return translate(() -> mapper.runs(tenantIdOrNull == null ? null : tenantIdOrNull.value(), limit)).stream()
                .map(MyBatisReconciliationRecords::toRun).toList();
    }

    @Override
    public Recorded recordDiscrepancy(NewDiscrepancy d) {
        ReconciliationMapper.DiscrepancyRow existing = translate(() -> mapper.discrepancyByKey(d.day(),
                d.tenantId().value(), d.channel(), d.kind().name(), d.subject()));
        if (existing != null) {
            return new Recorded(toDiscrepancy(existing), false);
        }
        ReconciliationMapper.DiscrepancyRow row = new ReconciliationMapper.DiscrepancyRow();
        row.tenantId = d.tenantId().value();
        row.channel = d.channel();
        row.statementDay = d.day();
        row.discrepancyClass = d.kind().name();
        row.repair = d.kind().repair().name();
        row.subject = d.subject();
        row.paymentId = d.paymentId() == null ? null : d.paymentId().value();
        writeLine(row, d.line());
        row.ourStatus = d.ourStatus();
        row.detail = Columns.clip(d.detail(), 1024);
        row.firstRunId = d.runId();
        row.createdAt = Rows.utc(d.at());
        translate(() -> mapper.insertDiscrepancy(row));
        return new Recorded(discrepancy(d.tenantId(), row.id).orElseThrow(), true);
    }

    @Override
    public int linkDayToRun(long runId, TenantId tenantId, String channel, LocalDate day) {
        translate(() -> mapper.linkDay(runId, tenantId.value(), channel, day));
        return translate(() -> mapper.countLinked(runId));
    }

    @Override
    public List<StoredDiscrepancy> discrepanciesOfRun(TenantId tenantId, long runId, DiscrepancyClass classOrNull) {
        return translate(() -> mapper.discrepanciesOfRun(tenantId.value(), runId,
                classOrNull == null ? null : classOrNull.name())).stream()
                .map(MyBatisReconciliationRecords::toDiscrepancy).toList();
    }

    @Override
    public Optional<StoredDiscrepancy> discrepancy(TenantId tenantId, long discrepancyId) {
        return Optional.ofNullable(translate(() -> mapper.discrepancy(tenantId.value(), discrepancyId)))
                .map(MyBatisReconciliationRecords::toDiscrepancy);
    }

    @Override
    public boolean settleRepair(long discrepancyId, RepairStatus expected, RepairSettlement s) {
        return translate(() -> mapper.settleRepair(discrepancyId, expected.name(), s.status().name(),
                Columns.clip(s.result(), 1024), Columns.clip(s.by(), 64), Columns.clip(s.reason(), 512),
                Rows.utc(s.at()))) == 1;
    }

    @Override
    public boolean hold(NewHold h) {
        ReconciliationMapper.HoldRow row = new ReconciliationMapper.HoldRow();
        row.tenantId = h.tenantId().value();
        row.channel = h.channel();
        row.statementDay = h.day();
        row.discrepancyClass = h.kind().name();
        row.subject = h.subject();
        row.paymentId = h.paymentId() == null ? null : h.paymentId().value();
        writeLine(row, h.line());
        row.detail = Columns.clip(h.detail(), 1024);
        row.heldByRun = h.runId();
        row.heldAt = Rows.utc(h.at());
        if (translate(() -> mapper.countHold(row)) > 0) {
            return false;
        }
        translate(() -> mapper.insertHold(row));
        return true;
    }

    @Override
    public List<StoredHold> heldBefore(TenantId tenantId, String channel, LocalDate day) {
        return translate(() -> mapper.heldBefore(tenantId.value(), channel, day)).stream()
                .map(MyBatisReconciliationRecords::toHold).toList();
    }

    @Override
    public int stillHeld(TenantId tenantId, String channel, LocalDate day) {
        return translate(() -> mapper.stillHeld(tenantId.value(), channel, day));
    }

    @Override
    public boolean settleHold(long holdId, HoldStatus status, long runId, String result, Instant at) {
        if (status == HoldStatus.HELD) {
            throw new IllegalArgumentException("a held item is settled as RELEASED or COUNTED");
        }
        return translate(() -> mapper.settleHold(holdId, status.name(), runId, Columns.clip(result, 512),
                Rows.utc(at))) == 1;
    }

    @Override
    public Map<DiscrepancyClass, OpenDiscrepancies> openDiscrepancies() {
        Map<DiscrepancyClass, OpenDiscrepancies> byClass = new EnumMap<>(DiscrepancyClass.class);
        for (ReconciliationMapper.OpenDiscrepancyRow row : translate(mapper::openDiscrepancies)) {
            byClass.put(DiscrepancyClass.valueOf(row.discrepancyClass),
                    new OpenDiscrepancies(row.openCount, Rows.instant(row.oldestCreatedAt)));
        }
        return OpenDiscrepancies.ofEveryClass(byClass);
    }

    private static void writeLine(ReconciliationMapper.LineColumns row, StatementLine line) {
        if (line == null) {
            return;
        }
        row.lineNo = line.lineNumber();
        row.tradeNo = line.tradeNo();
        row.outTradeNo = line.outTradeNo();
        row.lineType = line.type().name();
        row.lineStatus = line.status();
        row.amountMinor = line.amount().minor();
        row.currency = line.amount().currencyCode();
        row.eventTime = Rows.utc(line.eventTime());
    }

    private static StatementLine readLine(ReconciliationMapper.LineColumns row) {
        if (row.lineType == null) {
            return null;
        }
        return new StatementLine(row.lineNo == null ? 0 : row.lineNo, row.tradeNo, row.outTradeNo,
                StatementEntryType.valueOf(row.lineType), row.lineStatus, Money.of(row.amountMinor, row.currency),
                Rows.instant(row.eventTime));
    }

    private static StoredRun toRun(ReconciliationMapper.RunRow r) {
        RunTotals totals = r.statementLines == null ? null : new RunTotals(
                new LineCounts(r.statementLines, r.paymentLines, r.refundLines), r.matched,
                new PoolCounts(r.held, r.released, r.countedFromPool),
                new DiscrepancyCounts(r.discrepancies, r.newDiscrepancies),
                new RepairCounts(r.repairsApplied, r.repairsFailed),
                r.skippedChecks == null || r.skippedChecks.isBlank() ? List.of()
                        : List.of(r.skippedChecks.split(SKIPPED_CHECK_SEPARATOR)));
        return new StoredRun(r.id, new TenantId(r.tenantId), r.channel, r.statementDay, r.source, r.fileName,
                r.statementSha256, r.startedBy, Rows.instant(r.startedAt), Rows.instant(r.finishedAt),
                RunStatus.valueOf(r.status), totals, r.error);
    }

    private static StoredDiscrepancy toDiscrepancy(ReconciliationMapper.DiscrepancyRow r) {
        return new StoredDiscrepancy(r.id, new TenantId(r.tenantId), r.channel, r.statementDay,
                DiscrepancyClass.valueOf(r.discrepancyClass), r.repair, r.subject, paymentId(r.paymentId), readLine(r),
                r.ourStatus, r.detail, RepairStatus.valueOf(r.repairStatus), r.repairResult, r.repairedBy,
                r.repairReason, Rows.instant(r.repairedAt), r.firstRunId, Rows.instant(r.createdAt));
    }

    private static PaymentId paymentId(String column) {
        return column == null ? null : new PaymentId(column);
    }

    private static StoredHold toHold(ReconciliationMapper.HoldRow r) {
        return new StoredHold(r.id, new TenantId(r.tenantId), r.channel, r.statementDay,
                DiscrepancyClass.valueOf(r.discrepancyClass), r.subject, paymentId(r.paymentId), readLine(r), r.detail,
                HoldStatus.valueOf(r.status), r.settledByRun, r.result, Rows.instant(r.heldAt),
                Rows.instant(r.settledAt));
    }
}
