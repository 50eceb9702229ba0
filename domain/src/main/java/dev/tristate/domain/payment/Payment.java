package dev.tristate.domain.payment;

import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.TransitionOutcome.Anomaly;
import dev.tristate.domain.payment.TransitionOutcome.AnomalyReason;
import dev.tristate.domain.payment.TransitionOutcome.Applied;
import dev.tristate.domain.payment.TransitionOutcome.Duplicate;
import dev.tristate.domain.payment.TransitionOutcome.Rejected;
import dev.tristate.domain.payment.TransitionOutcome.RejectionReason;
import dev.tristate.domain.payment.TransitionOutcome.Stale;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One payment attempt. Immutable: every change returns a {@link TransitionOutcome}, and an applied one carries the new
 * state, so the persistence adapter can write it with a status precondition and let the row count decide.
 */
public final class Payment {

    /** The longest description a payment keeps. */
    public static final int MAX_DESCRIPTION = 256;

    private final PaymentId id;
    private final TenantId tenantId;
    private final MerchantOrderId merchantOrderId;
    private final Money amount;
    private final String channel;
    private final String userId;
    private final String sku;
    private final String description;
    private final PaymentStatus status;
    private final ChannelTxnId channelTxnId;
    private final Money refunded;
    private final Instant createdAt;
    private final Instant updatedAt;
    private final Instant paidAt;
    private final Version version;
    private final ReturnUrl returnUrl;

    private Payment(PaymentId id, TenantId tenantId, MerchantOrderId merchantOrderId, Money amount, String channel,
                    String userId, String sku, String description, PaymentStatus status, ChannelTxnId channelTxnId,
                    Money refunded, Instant createdAt, Instant updatedAt, Instant paidAt, Version version,
                    ReturnUrl returnUrl) {
        this.id = Objects.requireNonNull(id, "id");
        this.tenantId = Objects.requireNonNull(tenantId, "tenant id");
        this.merchantOrderId = Objects.requireNonNull(merchantOrderId, "merchant order id");
        this.amount = Objects.requireNonNull(amount, "amount");
        this.channel = requireText("channel", channel, 32);
        this.userId = requireText("user id", userId, 64);
        this.sku = requireText("sku", sku, 128);
        this.description = description == null ? "" : description;
        if (this.description.length() > MAX_DESCRIPTION) {
            throw new IllegalArgumentException("description is longer than " + MAX_DESCRIPTION + " characters");
        }
        this.status = Objects.requireNonNull(status, "status");
        this.channelTxnId = channelTxnId;
        this.refunded = Objects.requireNonNull(refunded, "refunded");
        this.createdAt = Objects.requireNonNull(createdAt, "created at");
        this.updatedAt = Objects.requireNonNull(updatedAt, "updated at");
        this.paidAt = paidAt;
        this.version = Objects.requireNonNull(version, "version");
        this.returnUrl = returnUrl;
        if (amount.isZero()) {
            throw new IllegalArgumentException("a payment amount must be positive");
        }
        if (!refunded.sameCurrencyAs(amount) || refunded.exceeds(amount)) {
            throw new IllegalArgumentException("refunded " + refunded + " does not fit the captured " + amount);
        }
        if (status.isPaid() && (channelTxnId == null || paidAt == null)) {
            throw new IllegalArgumentException("a paid payment has a channel transaction id and a paid time");
        }
        boolean refundsFitStatus = switch (status) {
            case REFUNDED -> refunded.equals(amount);
            case PARTIALLY_REFUNDED -> !refunded.isZero() && amount.exceeds(refunded);
            default -> refunded.isZero();
        };
        if (!refundsFitStatus) {
            throw new IllegalArgumentException("refunded " + refunded + " does not fit status " + status);
        }
    }

    /** A new payment waiting for the user to pay. */
    public static Payment initiate(PaymentId id, TenantId tenantId, MerchantOrderId merchantOrderId, Money amount,
                                   String channel, String userId, String sku, String description, Instant now) {
        return new Payment(id, tenantId, merchantOrderId, amount, channel, userId, sku, description,
                PaymentStatus.PENDING, null, Money.zero(amount.currency()), now, now, null, Version.INITIAL, null);
    }

    /** For the persistence adapter: a payment as it was stored. */
    public static Payment reconstitute(PaymentId id, TenantId tenantId, MerchantOrderId merchantOrderId, Money amount,
                                       String channel, String userId, String sku, String description,
                                       PaymentStatus status, ChannelTxnId channelTxnId, Money refunded,
                                       Instant createdAt, Instant updatedAt, Instant paidAt, Version version) {
        return new Payment(id, tenantId, merchantOrderId, amount, channel, userId, sku, description, status,
                channelTxnId, refunded, createdAt, updatedAt, paidAt, version, null);
    }

    /**
     * This payment with the address the payer returns to after paying (null: the merchant gave none). It is part of
     * the payment as created, so it changes neither the version nor the time of the last change.
     */
    public Payment withReturnUrl(ReturnUrl url) {
        return new Payment(id, tenantId, merchantOrderId, amount, channel, userId, sku, description, status,
                channelTxnId, refunded, createdAt, updatedAt, paidAt, version, url);
    }

    /**
     * Applies what the channel said. Consistency first (amount, currency, transaction id), then the transition table.
     * The merchant and a transaction id bound to another payment are checked by the caller, which knows them.
     */
    public TransitionOutcome apply(ChannelReport report, Instant now) {
        Objects.requireNonNull(report, "report");
        if (!report.amount().sameCurrencyAs(amount)) {
            return new Anomaly(AnomalyReason.CURRENCY_MISMATCH,
                    "channel reported " + report.amount().currencyCode() + ", payment is in " + amount.currencyCode());
        }
        if (report.amount().minor() != amount.minor()) {
            return new Anomaly(AnomalyReason.AMOUNT_MISMATCH,
                    "channel reported " + report.amount() + ", payment is for " + amount);
        }
        if (channelTxnId != null && report.channelTxnId() != null && !channelTxnId.equals(report.channelTxnId())) {
            return new Anomaly(AnomalyReason.TRADE_NO_MISMATCH,
                    "channel reported trade " + report.channelTxnId() + ", payment is bound to " + channelTxnId);
        }
        PaymentStatus target = report.status().target();
        return switch (PaymentTransitions.rule(status, target)) {
            case APPLY -> {
                ChannelTxnId txn = channelTxnId != null ? channelTxnId : report.channelTxnId();
                Instant paid = target == PaymentStatus.SUCCEEDED ? report.eventTime() : paidAt;
                Payment after = with(target, txn, refunded, now, paid);
                yield new Applied(this, after, eventsFor(after, now));
            }
            case DUPLICATE -> new Duplicate(status);
            case STALE -> new Stale(status, target);
            case ANOMALY -> new Anomaly(AnomalyReason.SUCCESS_AFTER_CLOSE,
                    "channel reported success for trade " + report.channelTxnId() + " on a closed payment");
            case REJECT -> throw new IllegalStateException("a channel report never targets " + target);
        };
    }

    /** Our own call about this payment timed out: we no longer know where it stands until the channel tells us. */
    public TransitionOutcome markUnknown(Instant now) {
        return switch (PaymentTransitions.rule(status, PaymentStatus.UNKNOWN)) {
            case APPLY -> new Applied(this, with(PaymentStatus.UNKNOWN, channelTxnId, refunded, now, paidAt), List.of());
            case DUPLICATE -> new Duplicate(status);
            case STALE -> new Stale(status, PaymentStatus.UNKNOWN);
            case ANOMALY, REJECT -> throw new IllegalStateException("no anomaly is defined towards UNKNOWN");
        };
    }

    /**
     * Why a refund of {@code requested} cannot be accepted, given the refunds already applied to this payment and
     * {@code inFlight}, the refunds requested but not yet confirmed by the channel; empty when it can.
     */
    public Optional<Rejected> refundRejection(Money requested, Money inFlight) {
        if (!status.isPaid()) {
            return Optional.of(new Rejected(RejectionReason.NOT_PAID, "payment is " + status));
        }
        if (!requested.sameCurrencyAs(amount) || !inFlight.sameCurrencyAs(amount)) {
            return Optional.of(new Rejected(RejectionReason.REFUND_CURRENCY_MISMATCH,
                    "payment is in " + amount.currencyCode()));
        }
        if (requested.isZero()) {
            throw new IllegalArgumentException("a refund amount must be positive");
        }
        // Compared with what is left rather than by adding up: a requested amount near the largest long must be
        // refused, not overflow.
        long left = amount.minor() - refunded.minor() - inFlight.minor();
        if (requested.minor() > left) {
            return Optional.of(new Rejected(RejectionReason.REFUND_EXCEEDS_CAPTURED, "asked " + requested
                    + " with " + Math.max(0, left) + " minor units left of the captured " + amount));
        }
        return Optional.empty();
    }

    /**
     * The channel confirmed a refund: moves to PARTIALLY_REFUNDED or REFUNDED and raises RefundSucceeded. The caller
     * applies each refund id once (its refund row's status decides); the aggregate does not remember refund ids.
     */
    public TransitionOutcome applyRefund(RefundId refundId, Money refundAmount, Instant now) {
        Objects.requireNonNull(refundId, "refund id");
        if (!refundAmount.sameCurrencyAs(amount)) {
            return new Rejected(RejectionReason.REFUND_CURRENCY_MISMATCH, "payment is in " + amount.currencyCode());
        }
        if (refundAmount.isZero()) {
            throw new IllegalArgumentException("a refund amount must be positive");
        }
        if (status == PaymentStatus.REFUNDED) {
            return new Rejected(RejectionReason.NOTHING_LEFT_TO_REFUND, "payment is fully refunded");
        }
        if (!status.isPaid()) {
            return new Rejected(RejectionReason.NOT_PAID, "payment is " + status);
        }
        if (refundAmount.minor() > amount.minor() - refunded.minor()) {
            return new Rejected(RejectionReason.REFUND_EXCEEDS_CAPTURED, "refund of " + refundAmount + " with "
                    + (amount.minor() - refunded.minor()) + " minor units left of the captured " + amount);
        }
        Money total = refunded.plus(refundAmount);
        PaymentStatus target = total.equals(amount) ? PaymentStatus.REFUNDED : PaymentStatus.PARTIALLY_REFUNDED;
        return switch (PaymentTransitions.rule(status, target)) {
            case APPLY -> {
                Payment after = with(target, channelTxnId, total, now, paidAt);
                yield new Applied(this, after,
                        List.of(PaymentEvent.RefundSucceeded.of(after, refundId, refundAmount, now)));
            }
            case REJECT -> new Rejected(status == PaymentStatus.REFUNDED
                    ? RejectionReason.NOTHING_LEFT_TO_REFUND : RejectionReason.NOT_PAID, "payment is " + status);
            case DUPLICATE, STALE, ANOMALY -> throw new IllegalStateException(
                    "the table has no " + status + " -> " + target + " refund row of that kind");
        };
    }

    private static List<PaymentEvent> eventsFor(Payment after, Instant now) {
        return switch (after.status) {
            case SUCCEEDED -> List.of(PaymentEvent.PaymentSucceeded.of(after, now));
            case FAILED -> List.of(PaymentEvent.PaymentFailed.of(after, now));
            case CLOSED -> List.of(PaymentEvent.PaymentClosed.of(after, now));
            default -> List.of();
        };
    }

    private Payment with(PaymentStatus newStatus, ChannelTxnId txn, Money newRefunded, Instant now, Instant paid) {
        return new Payment(id, tenantId, merchantOrderId, amount, channel, userId, sku, description, newStatus, txn,
                newRefunded, createdAt, now, paid, version.next(), returnUrl);
    }

    private static String requireText(String what, String value, int max) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(what + " is required");
        }
        if (value.length() > max) {
            throw new IllegalArgumentException(what + " is longer than " + max + " characters");
        }
        return value;
    }

    public PaymentId id() {
        return id;
    }

    public TenantId tenantId() {
        return tenantId;
    }

    public MerchantOrderId merchantOrderId() {
        return merchantOrderId;
    }

    public Money amount() {
        return amount;
    }

    public String channel() {
        return channel;
    }

    public String userId() {
        return userId;
    }

    public String sku() {
        return sku;
    }

    public String description() {
        return description;
    }

    public PaymentStatus status() {
        return status;
    }

    public ChannelTxnId channelTxnId() {
        return channelTxnId;
    }

    public Money refunded() {
        return refunded;
    }

    public Instant createdAt() {
        return createdAt;
    }

    public Instant updatedAt() {
        return updatedAt;
    }

    public Instant paidAt() {
        return paidAt;
    }

    public Version version() {
        return version;
    }

    /** Where the payer returns to the merchant's shop; null when the merchant gave no address. */
    public ReturnUrl returnUrl() {
        return returnUrl;
    }

    @Override
    public String toString() {
        return "Payment[" + id + ", " + status + ", " + amount + "]";
    }
}
