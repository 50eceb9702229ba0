package dev.tristate.sandbox;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One trade at the channel. It is registered untouched (no trade_no, no status, invisible to the status query) and
 * gets its trade_no with its first status change. Every change of status is allowed, including SUCCESS after CLOSED
 * or FAILED: a real channel can misbehave like that, and Tristate must hold such a result for review rather than
 * trust it. Changing to the status the trade already has is no change and sends nothing.
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
        return new TradeSnapshot(registration, tradeNo, status, eventTime, behaviour);
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
            notification.hold();
            heldProcessing = notification;
        } else {
            deliveries.add(notification);
            if (heldProcessing != null) {
                heldProcessing.release();
                deliveries.add(heldProcessing);
                heldProcessing = null;
            } else if (behaviour.outOfOrder() && target == TradeStatus.SUCCESS && !wasEverProcessing) {
                deliveries.add(record(TradeStatus.PROCESSING, now.minus(SYNTHETIC_PROCESSING_LEAD)));
            }
        }
        if (behaviour.dropCallbacks()) {
            deliveries.forEach(OutgoingNotification::drop);
            deliveries = List.of();
        }
        return new StatusChange(true, snapshot(), List.copyOf(deliveries), behaviour);
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
                         Behaviour behaviour) {

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
    }

    /** The outcome of a requested status change, with the notifications to deliver in this order. */
    record StatusChange(boolean changed, TradeSnapshot trade, List<OutgoingNotification> deliveries,
                        Behaviour behaviour) {
    }
}
