package dev.tristate.application.fakes;

import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.domain.outbox.LeaseToken;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentOrRefundId;
import dev.tristate.domain.resolution.ResolutionStatus;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** Resolver cases in memory, held to {@code ResolutionCasesContract}; stale payments come from the payment fake. */
public class InMemoryResolutionCases implements ResolutionCases, InMemoryTransactions.Participant {

    private record Row(TenantId tenantId, PaymentOrRefundId paymentId, String channel, ResolutionStatus status, String reason,
                       int attempts, Instant nextAttemptAt, String leaseToken, Instant leaseUntil, String lastResult,
                       Instant openedAt, Instant updatedAt) {
        Row with(ResolutionStatus s, int a, Instant next, String token, Instant until, String result, Instant at) {
            return new Row(tenantId, paymentId, channel, s, reason, a, next, token, until, result, openedAt, at);
        }
    }

    private final InMemoryPaymentRepository payments;
    private Map<PaymentOrRefundId, Row> rows = new LinkedHashMap<>();
    private List<Attempt> attempts = new ArrayList<>();

    public InMemoryResolutionCases(InMemoryPaymentRepository payments) {
        this.payments = payments;
    }

    @Override
    public synchronized boolean open(TenantId tenantId, PaymentOrRefundId paymentId, String channel, String reason,
                                     Instant dueAt) {
        Row row = rows.get(paymentId);
        if (row == null || row.status() == ResolutionStatus.RESOLVED) {
            rows.put(paymentId, new Row(tenantId, paymentId, channel, ResolutionStatus.OPEN, reason, 0, dueAt, null,
                    null, row == null ? null : row.lastResult(), row == null ? dueAt : row.openedAt(), dueAt));
            return true;
        }
        if (row.status() == ResolutionStatus.FLAGGED) {
            return false;
        }
        if (row.leaseToken() == null && dueAt.isBefore(row.nextAttemptAt())) {
            rows.put(paymentId, row.with(row.status(), row.attempts(), dueAt, null, null, row.lastResult(),
                    row.updatedAt()));
        }
        return true;
    }

    @Override
    public synchronized List<Candidate> findStalePayments(Instant staleBefore, int limit) {
        return payments.all().stream()
                .filter(p -> p.status().isUnresolved() && p.updatedAt().isBefore(staleBefore))
                .filter(p -> {
                    Row row = rows.get(p.id());
                    return row == null || row.status() == ResolutionStatus.RESOLVED;
                })
                .sorted(Comparator.comparing(Payment::updatedAt))
                .limit(limit)
                .map(p -> new Candidate(p.tenantId(), p.id(), p.channel()))
                .toList();
    }

    @Override
    public synchronized List<ClaimedCase> claim(Collection<String> channels, int limit, LeaseToken lease,
                                                Instant now, Instant leaseUntil) {
        List<Row> due = rows.values().stream()
                .filter(r -> r.status() == ResolutionStatus.OPEN && channels.contains(r.channel()))
                .filter(r -> !r.nextAttemptAt().isAfter(now))
                .sorted(Comparator.comparing(Row::nextAttemptAt))
                .limit(limit).toList();
        List<ClaimedCase> claimed = new ArrayList<>();
        for (Row r : due) {
            // As in the database: the lease moves next_attempt_at to lease_until, due again once it expires.
            rows.put(r.paymentId(), r.with(r.status(), r.attempts(), leaseUntil, lease.toString(), leaseUntil,
                    r.lastResult(), r.updatedAt()));
            claimed.add(new ClaimedCase(r.tenantId(), r.paymentId(), r.channel(), r.attempts(), r.openedAt()));
        }
        return claimed;
    }

    @Override
    public synchronized Optional<ClaimedCase> claimNow(TenantId tenantId, PaymentOrRefundId paymentId, LeaseToken lease,
                                                       Instant now, Instant leaseUntil) {
        Row r = rows.get(paymentId);
        if (r == null || !r.tenantId().equals(tenantId)
                || (r.leaseUntil() != null && r.leaseUntil().isAfter(now))) {
            return Optional.empty();
        }
        rows.put(paymentId, r.with(ResolutionStatus.OPEN, r.attempts(), leaseUntil, lease.toString(), leaseUntil,
                r.lastResult(), now));
        return Optional.of(new ClaimedCase(r.tenantId(), r.paymentId(), r.channel(), r.attempts(), r.openedAt()));
    }

    @Override
    public synchronized boolean complete(PaymentOrRefundId paymentId, LeaseToken lease, Completion c) {
        Row r = rows.get(paymentId);
        if (r == null || !lease.toString().equals(r.leaseToken()) || r.status() != ResolutionStatus.OPEN) {
            return false;
        }
        Instant next = c.status() == ResolutionStatus.OPEN ? c.nextAttemptAt() : c.at();
        rows.put(paymentId, r.with(c.status(), c.attempts(), next, null, null, c.lastResult(), c.at()));
        return true;
    }

    @Override
    public synchronized void recordAttempt(Attempt attempt) {
        attempts.add(attempt);
    }

    @Override
    public synchronized Optional<CaseView> find(TenantId tenantId, PaymentOrRefundId paymentId) {
        return Optional.ofNullable(rows.get(paymentId)).filter(r -> r.tenantId().equals(tenantId))
                .map(InMemoryResolutionCases::view);
    }

    @Override
    public synchronized List<CaseView> list(TenantId tenantIdOrNull, Collection<ResolutionStatus> statuses,
                                            int limit) {
        return rows.values().stream()
                .filter(r -> tenantIdOrNull == null || r.tenantId().equals(tenantIdOrNull))
                .filter(r -> statuses.contains(r.status()))
                .sorted(Comparator.comparing(Row::updatedAt).reversed())
                .limit(limit).map(InMemoryResolutionCases::view).toList();
    }

    @Override
    public synchronized List<Attempt> history(TenantId tenantId, PaymentOrRefundId paymentId) {
        return attempts.stream().filter(a -> a.tenantId().equals(tenantId) && a.paymentId().equals(paymentId))
                .toList();
    }

    @Override
    public synchronized CaseCounts countByStatus() {
        Map<ResolutionStatus, Long> counts = rows.values().stream()
                .collect(Collectors.groupingBy(Row::status, Collectors.counting()));
        Instant oldestOpen = rows.values().stream().filter(r -> r.status() == ResolutionStatus.OPEN)
                .map(Row::openedAt).min(Comparator.naturalOrder()).orElse(null);
        return new CaseCounts(counts, oldestOpen);
    }

    private static CaseView view(Row r) {
        return new CaseView(r.tenantId(), r.paymentId(), r.channel(), r.status(), r.reason(), r.attempts(),
                r.status() == ResolutionStatus.OPEN ? r.nextAttemptAt() : null, r.lastResult(), r.openedAt(),
                r.updatedAt(), r.leaseToken() != null);
    }

    @Override
    public synchronized Object snapshot() {
        return List.of(new LinkedHashMap<>(rows), new ArrayList<>(attempts));
    }

    @Override
    @SuppressWarnings("unchecked")
    public synchronized void restore(Object snapshot) {
        List<Object> parts = (List<Object>) snapshot;
        rows = new LinkedHashMap<>((Map<PaymentOrRefundId, Row>) parts.get(0));
        attempts = new ArrayList<>((List<Attempt>) parts.get(1));
    }
}
