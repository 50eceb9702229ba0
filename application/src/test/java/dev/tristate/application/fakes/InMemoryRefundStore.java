package dev.tristate.application.fakes;

import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.payment.ChannelWords;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.payment.RefundId;
import dev.tristate.domain.payment.RefundStatus;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A {@link RefundStore} in memory, to the MyBatis adapter's contract (conditional settles); rolls back. */
public class InMemoryRefundStore implements RefundStore, InMemoryTransactions.Participant {

    private Map<RefundId, Refund> rows = new LinkedHashMap<>();

    @Override
    public synchronized void insert(Refund refund) {
        if (rows.putIfAbsent(refund.id(), refund) != null) {
            throw new PersistenceFailure.AlreadyExists("refund " + refund.id() + " exists", null);
        }
    }

    @Override
    public synchronized Optional<Refund> find(TenantId tenantId, RefundId refundId) {
        return Optional.ofNullable(rows.get(refundId)).filter(r -> r.tenantId().equals(tenantId));
    }

    @Override
    public synchronized List<Refund> findByPayment(TenantId tenantId, PaymentId paymentId) {
        return rows.values().stream().filter(r -> r.tenantId().equals(tenantId) && r.paymentId().equals(paymentId))
                .sorted(Comparator.comparing(Refund::createdAt)).toList();
    }

    @Override
    public synchronized List<Refund> findOpen(TenantId tenantId, int limit) {
        return rows.values().stream().filter(r -> r.status().isOpen())
                .filter(r -> tenantId == null || r.tenantId().equals(tenantId))
                .sorted(Comparator.comparing(Refund::createdAt).thenComparing(r -> r.id().value()))
                .limit(limit).toList();
    }

    @Override
    public synchronized OpenRefunds countOpen() {
        return new OpenRefunds(
                rows.values().stream().filter(r -> r.status() == RefundStatus.PENDING).count(),
                rows.values().stream().filter(r -> r.status() == RefundStatus.UNKNOWN).count());
    }

    @Override
    public synchronized long heldMinor(TenantId tenantId, PaymentId paymentId) {
        return findByPayment(tenantId, paymentId).stream().filter(r -> r.status().isOpen())
                .mapToLong(r -> r.amount().minor()).sum();
    }

    @Override
    public synchronized boolean markSucceeded(Refund refund, String channelRefundNo, Instant now) {
        return settle(refund, RefundStatus.SUCCEEDED, channelRefundNo, null, now);
    }

    @Override
    public synchronized boolean markFailed(Refund refund, String failureReason, Instant now) {
        return settle(refund, RefundStatus.FAILED, null, failureReason, now);
    }

    @Override
    public synchronized boolean markUnknown(Refund refund, Instant now) {
        Refund r = rows.get(refund.id());
        if (r == null || r.status() != RefundStatus.PENDING) {
            return false;
        }
        rows.put(r.id(), with(r, RefundStatus.UNKNOWN, null, null, now));
        return true;
    }

    @Override
    public synchronized boolean keepAnswer(Refund refund, ChannelWords answer) {
        Refund r = rows.get(refund.id());
        if (r == null || !r.tenantId().equals(refund.tenantId())
                || r.lastAnswer() != null && r.lastAnswer().receivedAt().isAfter(answer.receivedAt())) {
            return false;
        }
        rows.put(r.id(), r.withLastAnswer(answer));
        return true;
    }

    @Override
    public synchronized List<ResolutionCases.Candidate> findStale(Instant staleBefore, int limit) {
        return rows.values().stream().filter(r -> r.status().isOpen() && r.updatedAt().isBefore(staleBefore))
                .limit(limit).map(r -> new ResolutionCases.Candidate(r.tenantId(), r.id(), r.channel()))
                .toList();
    }

    @Override
    public synchronized Optional<Refund> findByChannelRefundNo(TenantId tenantId, String channel, String refundNo) {
        return rows.values().stream().filter(r -> r.tenantId().equals(tenantId) && r.channel().equals(channel)
                && refundNo.equals(r.channelRefundNo())).findFirst();
    }

    @Override
    public synchronized List<Refund> findSucceeded(TenantId tenantId, String channel, Instant from, Instant to) {
        return rows.values().stream().filter(r -> r.tenantId().equals(tenantId) && r.channel().equals(channel)
                && r.status() == RefundStatus.SUCCEEDED && !r.updatedAt().isBefore(from)
                && r.updatedAt().isBefore(to)).toList();
    }

    private boolean settle(Refund refund, RefundStatus status, String refundNo, String reason, Instant now) {
        Refund r = rows.get(refund.id());
        if (r == null || !r.status().isOpen()) {
            return false;
        }
        rows.put(r.id(), with(r, status, refundNo, reason, now));
        return true;
    }

    private static Refund with(Refund r, RefundStatus status, String refundNo, String reason, Instant now) {
        return new Refund(r.id(), r.tenantId(), r.paymentId(), r.channel(), r.amount(), r.reason(), status, refundNo,
                reason, r.createdAt(), now, r.lastAnswer());
    }

    @Override
    public synchronized Object snapshot() {
        return new LinkedHashMap<>(rows);
    }

    @Override
    @SuppressWarnings("unchecked")
    public synchronized void restore(Object snapshot) {
        rows = new LinkedHashMap<>((Map<RefundId, Refund>) snapshot);
    }
}
