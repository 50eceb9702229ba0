package dev.tristate.application.payment.port.out;

import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.tenant.TenantId;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;

/** Payments, always read and written within one tenant. */
public interface PaymentRepository {

    void insert(Payment payment);

    Optional<Payment> findById(TenantId tenantId, PaymentId paymentId);

    /**
     * Which tenant owns a payment id. Only for telling a notification that names another tenant's payment (held for
     * review as a merchant mismatch) from one naming no payment at all; never to read the other tenant's data.
     */
    /**
     * The payment, its row locked until the unit of work ends ({@code SELECT ... FOR UPDATE}): refunds of one payment
     * are decided one after the other. Must run inside {@link Transactions}.
     */
    Optional<Payment> lockById(TenantId tenantId, PaymentId paymentId);

    /**
     * The statuses of those of these payments that belong to the tenant, every row locked as {@link #lockById} locks
     * it, in the order of the payment ids (so that two callers locking overlapping sets do not deadlock). A batch of
     * deliveries locks its payments with this, so an adapter should do it in one statement.
     */
    default Map<PaymentId, PaymentStatus> lockStatuses(TenantId tenantId, SortedSet<PaymentId> paymentIds) {
        Map<PaymentId, PaymentStatus> statuses = new HashMap<>();
        for (PaymentId paymentId : paymentIds) {
            lockById(tenantId, paymentId).ifPresent(payment -> statuses.put(paymentId, payment.status()));
        }
        return statuses;
    }

    Optional<TenantId> findOwner(PaymentId paymentId);

    /**
     * Writes {@code after} only where the row still holds {@code before}'s status and version. Returns false when the
     * row moved meanwhile (the caller reads again and re-decides); the row count decides, never a prior read.
     */
    boolean update(Payment before, Payment after);

    /** Payments per status, for one tenant or (null) for all: the dashboard's first figure. */
    Map<PaymentStatus, Long> countByStatus(TenantId tenantIdOrNull);
}
