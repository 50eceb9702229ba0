package dev.tristate.sandbox;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One trade at the channel. It is registered untouched (no trade_no, no status, invisible to the status query) and
 * gets its trade_no with its first status change. Every change of status is allowed, including SUCCESS after CLOSED
 * or FAILED: a real channel can misbehave like that, and Tristate must hold such a result for review rather than
 * trust it. Changing to the status the trade already has is no change and sends nothing.
 * <p>
 * A paid (SUCCESS) trade can be refunded, in parts, never beyond its amount: refunds that succeeded or are still
 * PROCESSING count against it. Each refund is kept under the merchant's {@code out_refund_no}, which dedupes.
 * <p>
 * All state is guarded by the trade's own monitor.
 */
final class Trade {

    /** How much earlier than the SUCCESS it accompanies a made-up, late PROCESSING notification is dated. */
    static final Duration SYNTHETIC_PROCESSING_LEAD = Duration.ofSeconds(1);

    private final TradeRegistration registration;
    private String tradeNo;
    private TradeStatus status;
    private Instant eventTime;
    private boolean hadProcessing;
    private Behaviour behaviour = Behaviour.NONE;
    private OutgoingNotification heldProcessing;
    private final List<OutgoingNotification> notifications = new ArrayList<>();
    private final Map<String, RefundSnapshot> refunds = new LinkedHashMap<>();

    Trade(TradeRegistration registration) {
        this.registration = registration;
    }

    TradeRegistration registration() {
        return registration;
    }

    String outTradeNo() {
        return registration.outTradeNo();
    }

    synchronized TradeSnapshot snapshot() {
        return new TradeSnapshot(registration, tradeNo, status, eventTime, behaviour, List.copyOf(refunds.values()));
    }

    synchronized Behaviour behaviour() {
        return behaviour;
    }

    synchronized void behaviour(Behaviour behaviour) {
        this.behaviour = behaviour;
    }

    synchronized List<OutgoingNotification> notifications() {
        return List.copyOf(notifications);
    }

    /**
     * Moves the trade to {@code target} and decides which notifications go out, in which order.
     * <ul>
     *   <li>normally: the one notification of this change;</li>
     *   <li>{@code out_of_order}: a PROCESSING notification is held back until the next change and then delivered
     *       after that change's notification; a SUCCESS on a trade that never was PROCESSING is followed by a
     *       PROCESSING notification dated just before it;</li>
     *   <li>{@code drop_callbacks}: nothing (the notifications are recorded as dropped).</li>
     * </ul>
     */
    synchronized StatusChange changeTo(TradeStatus target, Instant now, Supplier<String> tradeNumbers) {
        if (target == status) {
            return new StatusChange(false, snapshot(), List.of(), behaviour);
        }
        if (tradeNo == null) {
            tradeNo = tradeNumbers.get();
        }
        boolean wasEverProcessing = hadProcessing;
        status = target;
        eventTime = now;
        hadProcessing |= target == TradeStatus.PROCESSING;

        OutgoingNotification notification = record(target, now);
        List<OutgoingNotification> deliveries = new ArrayList<>();
        if (behaviour.outOfOrder() && target == TradeStatus.PROCESSING) {
            // Nothing is held here: a held PROCESSING is released by the very next change, and a change to
            // PROCESSING while PROCESSING is no change.
            notification.delivery().hold();
            heldProcessing = notification;
        } else {
            deliveries.add(notification);
            if (heldProcessing != null) {
                heldProcessing.delivery().release();
                deliveries.add(heldProcessing);
                heldProcessing = null;
            } else if (behaviour.outOfOrder() && target == TradeStatus.SUCCESS && !wasEverProcessing) {
                deliveries.add(record(TradeStatus.PROCESSING, now.minus(SYNTHETIC_PROCESSING_LEAD)));
            }
        }
        if (behaviour.dropCallbacks()) {
            deliveries.forEach(dropped -> dropped.delivery().drop());
            deliveries = List.of();
        }
        return new StatusChange(true, snapshot(), List.copyOf(deliveries), behaviour);
    }

    /**
     * Makes a refund, or answers the refund already made under the same {@code out_refund_no}. A refund of a trade
     * that is not paid, or beyond what is left to refund, or with {@code refund_fail} set, is made FAILED with a
     * {@code fail_reason}; with {@code refund_processing} a new refund is PROCESSING, else SUCCESS at once.
     *
     * @throws SandboxApiException CONFLICT when the out_refund_no is known with another amount or currency, INVALID
     *                             when a new refund's currency is not the trade's
     */
    synchronized RefundChange refund(RefundOrder order, Instant now, Supplier<String> refundNumbers) {
        RefundSnapshot known = refunds.get(order.outRefundNo());
        if (known != null) {
            if (!known.order().sameMoney(order)) {
                throw SandboxApiException.conflict("out_refund_no " + order.outRefundNo() + " is already a refund of "
                        + known.order().amountMinor() + " " + known.order().currency() + " of this trade");
            }
            return new RefundChange(false, known, behaviour);
        }
        if (!order.currency().equals(registration.currency())) {
            throw SandboxApiException.invalid("currency must be the trade's currency " + registration.currency());
        }
        long left = registration.amountMinor() - committedRefundsMinor();
        String failReason = null;
        if (status != TradeStatus.SUCCESS) {
            failReason = "TRADE_NOT_PAID: the trade is " + (status == null ? "not paid" : status.name())
                    + ", only a SUCCESS trade can be refunded";
        } else if (order.amountMinor() > left) {
            failReason = "REFUND_AMOUNT_EXCEEDED: " + order.amountMinor() + " asked, " + left + " of "
                    + registration.amountMinor() + " " + registration.currency() + " left to refund";
        } else if (behaviour.refundFail()) {
            failReason = "REFUND_REFUSED: the sandbox was told to refuse refunds of this trade (refund_fail)";
        }
        RefundStatus refundStatus = failReason != null ? RefundStatus.FAILED
                : behaviour.refundProcessing() ? RefundStatus.PROCESSING : RefundStatus.SUCCESS;
        RefundSnapshot made = new RefundSnapshot(outTradeNo(), order, refundNumbers.get(), refundStatus, now,
                failReason);
        refunds.put(order.outRefundNo(), made);
        return new RefundChange(true, made, behaviour);
    }

    /** Ends a PROCESSING refund in SUCCESS at {@code now}; any other refund stays as it is. */
    synchronized Optional<RefundSnapshot> settleRefund(String outRefundNo, Instant now) {
        RefundSnapshot refund = refunds.get(outRefundNo);
        if (refund != null && refund.status() == RefundStatus.PROCESSING) {
            refund = new RefundSnapshot(refund.outTradeNo(), refund.order(), refund.refundNo(), RefundStatus.SUCCESS,
                    now, null);
            refunds.put(outRefundNo, refund);
        }
        return Optional.ofNullable(refund);
    }

    /** The refunds that took or will take money back: SUCCESS and PROCESSING. */
    private long committedRefundsMinor() {
        return refunds.values().stream().filter(refund -> refund.status() != RefundStatus.FAILED)
                .mapToLong(refund -> refund.order().amountMinor()).sum();
    }

    private OutgoingNotification record(TradeStatus reported, Instant at) {
        OutgoingNotification notification = new OutgoingNotification(registration.merchantId(),
                registration.outTradeNo(), tradeNo, reported, behaviour.reportedAmount(registration.amountMinor()),
                registration.currency(), at);
        notifications.add(notification);
        return notification;
    }

    /** One consistent view of a trade. {@code status} is null while the trade is untouched. */
    record TradeSnapshot(TradeRegistration registration, String tradeNo, TradeStatus status, Instant eventTime,
                         Behaviour behaviour, List<RefundSnapshot> refunds) {

        boolean touched() {
            return status != null;
        }

        long reportedAmountMinor() {
            return behaviour.reportedAmount(registration.amountMinor());
        }

        Optional<StatementRow> paymentRow() {
            return touched()
                    ? Optional.of(new StatementRow(tradeNo, registration.outTradeNo(), EntryType.PAYMENT,
                            status.name(), reportedAmountMinor(), registration.currency(), eventTime))
                    : Optional.empty();
        }

        /** What the channel paid back: the sum of the SUCCESS refunds. */
        long refundedMinor() {
            return refunds.stream().filter(refund -> refund.status() == RefundStatus.SUCCESS)
                    .mapToLong(refund -> refund.order().amountMinor()).sum();
        }

        /** One REFUND row per SUCCESS refund, dated when it succeeded. */
        List<StatementRow> refundRows() {
            return refunds.stream().filter(refund -> refund.status() == RefundStatus.SUCCESS)
                    .map(refund -> new StatementRow(refund.refundNo(), registration.outTradeNo(), EntryType.REFUND,
                            RefundStatus.SUCCESS.name(), refund.order().amountMinor(), refund.order().currency(),
                            refund.eventTime()))
                    .toList();
        }
    }

    /**
     * One refund as the channel keeps it. {@code eventTime} is when it got its status; {@code failReason} is set
     * when it FAILED.
     */
    record RefundSnapshot(String outTradeNo, RefundOrder order, String refundNo, RefundStatus status,
                          Instant eventTime, String failReason) {
    }

    /** The outcome of a refund call: whether it made a new refund, the refund, and the switches it ran under. */
    record RefundChange(boolean created, RefundSnapshot refund, Behaviour behaviour) {
    }

    /** The outcome of a requested status change, with the notifications to deliver in this order. */
    record StatusChange(boolean changed, TradeSnapshot trade, List<OutgoingNotification> deliveries,
                        Behaviour behaviour) {
    }
}
