package dev.tristate.application.fakes;

import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.tenant.TenantId;
import java.time.temporal.ChronoUnit;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** A {@link PaymentRepository} in memory, held to the same contract as the MyBatis adapter. */
public class InMemoryPaymentRepository implements PaymentRepository, InMemoryTransactions.Participant {

    private Map<PaymentId, Payment> rows = new ConcurrentHashMap<>();
    private int updatesToLose;

    /** The next {@code count} conditional updates find the row moved, as if a concurrent writer got there first. */
    public synchronized InMemoryPaymentRepository loseNextUpdates(int count) {
        updatesToLose = count;
        return this;
    }

    @Override
    public synchronized void insert(Payment payment) {
        if (rows.putIfAbsent(payment.id(), truncated(payment)) != null) {
            throw new PersistenceFailure.AlreadyExists("payment " + payment.id() + " exists", null);
        }
    }

    @Override
    public Optional<Payment> findById(TenantId tenantId, PaymentId paymentId) {
        return Optional.ofNullable(rows.get(paymentId)).filter(p -> p.tenantId().equals(tenantId));
    }

    @Override
    public Optional<Payment> lockById(TenantId tenantId, PaymentId paymentId) {
        return findById(tenantId, paymentId);
    }

    @Override
    public Optional<TenantId> findOwner(PaymentId paymentId) {
        return Optional.ofNullable(rows.get(paymentId)).map(Payment::tenantId);
    }

    @Override
    public synchronized boolean update(Payment before, Payment after) {
        Payment current = rows.get(before.id());
        if (current == null || !current.tenantId().equals(before.tenantId()) || current.status() != before.status()
                || !current.version().equals(before.version())) {
            return false;
        }
        if (updatesToLose > 0) {
            updatesToLose--;
            return false;
        }
        if (after.channelTxnId() != null) {
            boolean boundElsewhere = rows.values().stream().anyMatch(p -> !p.id().equals(after.id())
                    && p.channel().equals(after.channel()) && Objects.equals(p.channelTxnId(), after.channelTxnId()));
            if (boundElsewhere) {
                throw new PersistenceFailure.AlreadyExists("channel transaction " + after.channelTxnId() + " bound",
                        null);
            }
        }
        rows.put(after.id(), truncated(after));
        return true;
    }

    @Override
    public Map<PaymentStatus, Long> countByStatus(TenantId tenantIdOrNull) {
        Map<PaymentStatus, Long> counts = new EnumMap<>(PaymentStatus.class);
        rows.values().stream()
                .filter(p -> tenantIdOrNull == null || p.tenantId().equals(tenantIdOrNull))
                .forEach(p -> counts.merge(p.status(), 1L, Long::sum));
        return counts;
    }

    /** The database keeps microseconds; so does the fake, so tests cannot pass here and fail there. */
    private static Payment truncated(Payment p) {
        return Payment.reconstitute(p.id(), p.tenantId(), p.merchantOrderId(), p.amount(), p.channel(), p.userId(),
                p.sku(), p.description(), p.status(), p.channelTxnId(), p.refunded(),
                p.createdAt().truncatedTo(ChronoUnit.MICROS), p.updatedAt().truncatedTo(ChronoUnit.MICROS),
                p.paidAt() == null ? null : p.paidAt().truncatedTo(ChronoUnit.MICROS), p.version())
                .withReturnUrl(p.returnUrl());
    }

    @Override
    public synchronized Object snapshot() {
        return new java.util.HashMap<>(rows);
    }

    @Override
    @SuppressWarnings("unchecked")
    public synchronized void restore(Object snapshot) {
        rows = new ConcurrentHashMap<>((Map<PaymentId, Payment>) snapshot);
    }

    /** Every stored payment, for fakes that join payments with their own rows. */
    public java.util.List<Payment> all() {
        return java.util.List.copyOf(rows.values());
    }
}
