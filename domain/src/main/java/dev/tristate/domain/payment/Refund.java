package dev.tristate.domain.payment;

import dev.tristate.domain.Identifiers;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.Objects;

/**
 * One refund of a payment, as the merchant asked for it and as far as the channel has answered. The refund id is the
 * {@code out_refund_no} the channel dedupes on; {@code channelRefundNo} is the channel's own id, known once it
 * succeeded. Status changes are written by the persistence adapter with a status precondition (see
 * {@link RefundStatus}); this record only carries the state. {@code lastAnswer} is the channel's latest answer about
 * the refund in its own words (null until it answered), kept even when the answer changed nothing, for support staff.
 */
public record Refund(RefundId id, TenantId tenantId, PaymentId paymentId, String channel, Money amount, String reason,
                     RefundStatus status, String channelRefundNo, String failureReason, Instant createdAt,
                     Instant updatedAt, ChannelWords lastAnswer) {

    /** The longest reason a merchant may give. */
    public static final int MAX_REASON = 256;

    public Refund {
        Objects.requireNonNull(id, "refund id");
        Objects.requireNonNull(tenantId, "tenant");
        Objects.requireNonNull(paymentId, "payment");
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(amount, "amount");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(createdAt, "created at");
        Objects.requireNonNull(updatedAt, "updated at");
        reason = reason == null ? "" : reason;
        if (reason.length() > MAX_REASON) {
            throw new IllegalArgumentException("a refund reason is at most " + MAX_REASON + " characters");
        }
        if (amount.isZero()) {
            throw new IllegalArgumentException("a refund amount must be positive");
        }
    }

    /** A new refund of {@code payment}, not yet sent to the channel. */
    public static Refund request(RefundId id, Payment payment, Money amount, String reason, Instant now) {
        return new Refund(id, payment.tenantId(), payment.id(), payment.channel(), amount, reason,
                RefundStatus.PENDING, null, null, now, now, null);
    }

    /** This refund with the channel's latest answer about it. */
    public Refund withLastAnswer(ChannelWords answer) {
        return new Refund(id, tenantId, paymentId, channel, amount, reason, status, channelRefundNo, failureReason,
                createdAt, updatedAt, answer);
    }

    /** Why {@code reason} cannot be a new refund's reason (optional), or null. */
    public static String reasonProblem(String reason) {
        return Identifiers.textProblem(reason, MAX_REASON);
    }
}
