package dev.tristate.application.refund.port.out;

import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.payment.ChannelWords;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.payment.RefundId;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Refunds, always read and written within one tenant. Every status change is conditional on the status it leaves
 * (PENDING or UNKNOWN): the row count decides, so each refund settles once, whoever (the request, the resolver,
 * reconciliation) gets there first.
 */
public interface RefundStore {

    /** {@link PersistenceFailure.AlreadyExists} when a refund of this id exists. */
    void insert(Refund refund);

    Optional<Refund> find(TenantId tenantId, RefundId refundId);

    /** The payment's refunds, oldest first; none for another tenant's payment. */
    List<Refund> findByPayment(TenantId tenantId, PaymentId paymentId);

    /** The sum (minor units) of the payment's refunds that are PENDING or UNKNOWN: held, not yet refunded. */
    long heldMinor(TenantId tenantId, PaymentId paymentId);

    /** PENDING or UNKNOWN -> SUCCEEDED with the channel's refund no; false when the refund was settled already. */
    boolean markSucceeded(Refund refund, String channelRefundNo, Instant now);

    /** PENDING or UNKNOWN -> FAILED with why; false when the refund was settled already. */
    boolean markFailed(Refund refund, String failureReason, Instant now);

    /** PENDING -> UNKNOWN; false when it is not PENDING any more (then someone knows more than we do). */
    boolean markUnknown(Refund refund, Instant now);

    /**
     * Keeps the channel's answer about the refund as its latest, whatever the refund's status (an answer that changed
     * nothing is kept too), without touching its status or {@code updatedAt}. False when the refund is not stored or
     * keeps an answer received later than this one (the latest answer wins, whoever brought it).
     */
    boolean keepAnswer(Refund refund, ChannelWords answer);

    /**
     * PENDING or UNKNOWN refunds not changed since {@code staleBefore} that have no open or flagged resolver case,
     * oldest first: the resolver opens a case for each (keyed by the refund id).
     */
    List<ResolutionCases.Candidate> findStale(Instant staleBefore, int limit);

    /**
     * The refunds still waiting for the channel's answer (PENDING and UNKNOWN), oldest first, of one tenant or of all
     * ({@code tenantId} null), at most {@code limit}.
     */
    List<Refund> findOpen(TenantId tenantId, int limit);

    /** How many refunds, of every tenant, still wait for the channel's answer: PENDING and UNKNOWN, in that order. */
    OpenRefunds countOpen();

    record OpenRefunds(long pending, long unknown) {
    }

    /** The channel's refund no of a SUCCEEDED refund, if any of the tenant's refunds on that channel has it. */
    Optional<Refund> findByChannelRefundNo(TenantId tenantId, String channel, String channelRefundNo);

    /** The tenant's refunds on the channel that succeeded (updated) in [from, to), oldest first. */
    List<Refund> findSucceeded(TenantId tenantId, String channel, Instant from, Instant to);
}
