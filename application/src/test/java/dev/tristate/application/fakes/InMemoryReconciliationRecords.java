package dev.tristate.application.fakes;

import dev.tristate.application.reconciliation.port.out.ReconciliationRecords;
import dev.tristate.domain.reconciliation.DiscrepancyClass;
import dev.tristate.domain.reconciliation.RepairStatus;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Reconciliation records in memory, to the MyBatis adapter's rules: one discrepancy per (day, tenant, channel, class,
 * subject), one held item per the same key, repairs and held items settled only from the expected state; rolls back.
 */
public class InMemoryReconciliationRecords implements ReconciliationRecords, InMemoryTransactions.Participant {

    private record Key(TenantId tenant, String channel, LocalDate day, DiscrepancyClass kind, String subject) {
    }

    private record Link(long runId, long discrepancyId) {
    }

    private record State(Map<Long, StoredRun> runs, Map<Long, StoredDiscrepancy> discrepancies, Set<Link> links,
                         Map<Long, StoredHold> holds, long nextId) {
    }

    private Map<Long, StoredRun> runs = new LinkedHashMap<>();
    private Map<Long, StoredDiscrepancy> discrepancies = new LinkedHashMap<>();
    private Set<Link> links = new HashSet<>();
    private Map<Long, StoredHold> holds = new LinkedHashMap<>();
    private long nextId = 1;

    @Override
    public synchronized long startRun(NewRun run) {
        long id = nextId++;
        runs.put(id, new StoredRun(id, run.tenantId(), run.channel(), run.day(), run.source(), run.fileName(),
                run.statementSha256(), run.startedBy(), run.startedAt(), null, RunStatus.RUNNING, null, null));
        return id;
    }

    @Override
    public synchronized void finishRun(long runId, RunTotals totals, Instant finishedAt) {
        StoredRun r = runs.get(runId);
        runs.put(runId, new StoredRun(r.id(), r.tenantId(), r.channel(), r.day(), r.source(), r.fileName(),
                r.statementSha256(), r.startedBy(), r.startedAt(), finishedAt, RunStatus.COMPLETED, totals, null));
    }

    @Override
    public synchronized void failRun(long runId, String error, Instant finishedAt) {
        StoredRun r = runs.get(runId);
        runs.put(runId, new StoredRun(r.id(), r.tenantId(), r.channel(), r.day(), r.source(), r.fileName(),
                r.statementSha256(), r.startedBy(), r.startedAt(), finishedAt, RunStatus.FAILED, null, error));
    }

    @Override
    public synchronized Optional<StoredRun> run(TenantId tenantId, long runId) {
        return Optional.ofNullable(runs.get(runId)).filter(r -> r.tenantId().equals(tenantId));
    }

    @Override
    public synchronized List<StoredRun> runs(TenantId tenantIdOrNull, int limit) {
        return runs.values().stream().filter(r -> tenantIdOrNull == null || r.tenantId().equals(tenantIdOrNull))
                .sorted(Comparator.comparingLong(StoredRun::id).reversed()).limit(limit).toList();
    }

    @Override
    public synchronized Recorded recordDiscrepancy(NewDiscrepancy d) {
        Key key = new Key(d.tenantId(), d.channel(), d.day(), d.kind(), d.subject());
        Optional<StoredDiscrepancy> stored = discrepancies.values().stream()
                .filter(s -> key.equals(new Key(s.tenantId(), s.channel(), s.day(), s.kind(), s.subject())))
                .findFirst();
        if (stored.isPresent()) {
            return new Recorded(stored.get(), false);
        }
        long id = nextId++;
        StoredDiscrepancy created = new StoredDiscrepancy(id, d.tenantId(), d.channel(), d.day(), d.kind(),
                d.kind().repair().name(), d.subject(), d.paymentId(), d.line(), d.ourStatus(), d.detail(),
                RepairStatus.PENDING, null, null, null, null, d.runId(), d.at());
        discrepancies.put(id, created);
        return new Recorded(created, true);
    }

    @Override
    public synchronized int linkDayToRun(long runId, TenantId tenantId, String channel, LocalDate day) {
        List<StoredDiscrepancy> ofDay = discrepancies.values().stream()
                .filter(d -> d.tenantId().equals(tenantId) && d.channel().equals(channel) && d.day().equals(day))
                .toList();
        ofDay.forEach(d -> links.add(new Link(runId, d.id())));
        return ofDay.size();
    }

    @Override
    public synchronized List<StoredDiscrepancy> discrepanciesOfRun(TenantId tenantId, long runId,
                                                                   DiscrepancyClass classOrNull) {
        return discrepancies.values().stream()
                .filter(d -> links.contains(new Link(runId, d.id())) && d.tenantId().equals(tenantId))
                .filter(d -> classOrNull == null || d.kind() == classOrNull)
                .sorted(Comparator.comparingLong(StoredDiscrepancy::id)).toList();
    }

    @Override
    public synchronized Optional<StoredDiscrepancy> discrepancy(TenantId tenantId, long discrepancyId) {
        return Optional.ofNullable(discrepancies.get(discrepancyId)).filter(d -> d.tenantId().equals(tenantId));
    }

    @Override
    public synchronized boolean settleRepair(long discrepancyId, RepairStatus expected, RepairSettlement s) {
        StoredDiscrepancy d = discrepancies.get(discrepancyId);
        if (d == null || d.repairStatus() != expected) {
            return false;
        }
        discrepancies.put(discrepancyId, new StoredDiscrepancy(d.id(), d.tenantId(), d.channel(), d.day(), d.kind(),
                d.repair(), d.subject(), d.paymentId(), d.line(), d.ourStatus(), d.detail(), s.status(), s.result(),
                s.by(), s.reason(), s.at(), d.firstRunId(), d.createdAt()));
        return true;
    }

    @Override
    public synchronized Map<DiscrepancyClass, OpenDiscrepancies> openDiscrepancies() {
        Map<DiscrepancyClass, OpenDiscrepancies> byClass = new java.util.EnumMap<>(DiscrepancyClass.class);
        for (StoredDiscrepancy d : discrepancies.values()) {
            if (d.repairStatus() != RepairStatus.APPLIED) {
                OpenDiscrepancies seen = byClass.getOrDefault(d.kind(), OpenDiscrepancies.NONE);
                Instant oldest = seen.oldestFoundAt() == null || d.createdAt().isBefore(seen.oldestFoundAt())
                        ? d.createdAt() : seen.oldestFoundAt();
                byClass.put(d.kind(), new OpenDiscrepancies(seen.open() + 1, oldest));
            }
        }
        return OpenDiscrepancies.ofEveryClass(byClass);
    }

    @Override
    public synchronized boolean hold(NewHold h) {
        Key key = new Key(h.tenantId(), h.channel(), h.day(), h.kind(), h.subject());
        boolean there = holds.values().stream()
                .anyMatch(s -> key.equals(new Key(s.tenantId(), s.channel(), s.day(), s.kind(), s.subject())));
        if (there) {
            return false;
        }
        long id = nextId++;
        holds.put(id, new StoredHold(id, h.tenantId(), h.channel(), h.day(), h.kind(), h.subject(), h.paymentId(),
                h.line(), h.detail(), HoldStatus.HELD, null, null, h.at(), null));
        return true;
    }

    @Override
    public synchronized List<StoredHold> heldBefore(TenantId tenantId, String channel, LocalDate day) {
        return holds.values().stream()
                .filter(h -> h.tenantId().equals(tenantId) && h.channel().equals(channel) && h.day().isBefore(day)
                        && h.status() == HoldStatus.HELD)
                .sorted(Comparator.comparing(StoredHold::day).thenComparingLong(StoredHold::id)).toList();
    }

    @Override
    public synchronized int stillHeld(TenantId tenantId, String channel, LocalDate day) {
        return (int) holds.values().stream()
                .filter(h -> h.tenantId().equals(tenantId) && h.channel().equals(channel) && h.day().equals(day)
                        && h.status() == HoldStatus.HELD)
                .count();
    }

    @Override
    public synchronized boolean settleHold(long holdId, HoldStatus status, long runId, String result, Instant at) {
        StoredHold h = holds.get(holdId);
        if (h == null || h.status() != HoldStatus.HELD) {
            return false;
        }
        holds.put(holdId, new StoredHold(h.id(), h.tenantId(), h.channel(), h.day(), h.kind(), h.subject(),
                h.paymentId(), h.line(), h.detail(), Objects.requireNonNull(status), runId, result, h.heldAt(), at));
        return true;
    }

    /** Every held item, in any state, in the order they were held. */
    public synchronized List<StoredHold> holds() {
        return new ArrayList<>(holds.values());
    }

    @Override
    public synchronized Object snapshot() {
        return new State(new LinkedHashMap<>(runs), new LinkedHashMap<>(discrepancies), new HashSet<>(links),
                new LinkedHashMap<>(holds), nextId);
    }

    @Override
    public synchronized void restore(Object snapshot) {
        State state = (State) snapshot;
        runs = new LinkedHashMap<>(state.runs());
        discrepancies = new LinkedHashMap<>(state.discrepancies());
        links = new HashSet<>(state.links());
        holds = new LinkedHashMap<>(state.holds());
        nextId = state.nextId();
    }
}
