package dev.tristate.simulator.alipay;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * One trade of one app, as Alipay holds it. It exists for the merchant's queries only once the buyer opened it (the
 * cashier page or the QR code): before that Alipay answers {@code ACQ.TRADE_NOT_EXIST}, and so does this.
 */
final class SimulatedTrade {

    enum Status { WAIT_BUYER_PAY, TRADE_SUCCESS, TRADE_CLOSED, TRADE_FINISHED }

    /** The order as the merchant sent it when creating the trade. */
    /** What the merchant asked for; {@code notifyUrl} and {@code returnUrl} are null when not given. */
    record Order(String appId, String sellerId, String outTradeNo, long totalFen, String subject, String method,
                 String notifyUrl, Instant expiresAt, String returnUrl) {
    }

    record Refund(String outRequestNo, long amountFen, String reason, Instant refundedAt) {
    }

    /** What a refund request did: the refund (new or the one already under this out_request_no). */
    record RefundOutcome(Refund refund, boolean fundChange, long refundedFen) {
    }

    private final Order order;
    private final String tradeNo;
    private final Instant createdAt;
    private final Map<String, Refund> refunds = new LinkedHashMap<>();
    private final List<OutgoingNotification> notifications = new CopyOnWriteArrayList<>();
    private Status status = Status.WAIT_BUYER_PAY;
    private boolean touched;
    private Instant paidAt;
    private Instant closedAt;
    private volatile Behaviour behaviour = Behaviour.NONE;

    SimulatedTrade(Order order, String tradeNo, Instant createdAt) {
        this.order = order;
        this.tradeNo = tradeNo;
        this.createdAt = createdAt;
    }

    Order order() {
        return order;
    }

    String tradeNo() {
        return tradeNo;
    }

    Instant createdAt() {
        return createdAt;
    }

    synchronized Status status(Instant now) {
        if (status == Status.WAIT_BUYER_PAY && order.expiresAt() != null && !now.isBefore(order.expiresAt())) {
            // Alipay closes an unpaid trade when its time_expire passes.
            status = Status.TRADE_CLOSED;
            closedAt = order.expiresAt();
        }
        return status;
    }

    synchronized boolean touched() {
        return touched;
    }

    synchronized void touch() {
        touched = true;
    }

    synchronized Instant paidAt() {
        return paidAt;
    }

    synchronized Instant closedAt() {
        return closedAt;
    }

    /** WAIT_BUYER_PAY to TRADE_SUCCESS; false when the trade is not waiting any more. */
    synchronized boolean pay(Instant now) {
        if (status(now) != Status.WAIT_BUYER_PAY) {
            return false;
        }
        touched = true;
        status = Status.TRADE_SUCCESS;
        paidAt = now;
        return true;
    }

    /** WAIT_BUYER_PAY to TRADE_CLOSED; false when the trade is not waiting any more. */
    synchronized boolean close(Instant now) {
        if (status(now) != Status.WAIT_BUYER_PAY) {
            return false;
        }
        status = Status.TRADE_CLOSED;
        closedAt = now;
        return true;
    }

    /** Makes the trade final as paid (no more refunds), as Alipay does when the refund period ends. */
    synchronized void finish() {
        if (status == Status.TRADE_SUCCESS) {
            status = Status.TRADE_FINISHED;
        }
    }

    synchronized long refundedFen() {
        return refunds.values().stream().mapToLong(Refund::amountFen).sum();
    }

    synchronized Optional<Refund> refund(String outRequestNo) {
        return Optional.ofNullable(refunds.get(outRequestNo));
    }

    synchronized List<Refund> refunds() {
        return new ArrayList<>(refunds.values());
    }

    /**
     * A refund as Alipay makes it: the same out_request_no with the same amount answers the refund already made
     * (without moving money again); with another amount it is refused; a refund beyond what is left is refused; a
     * refund of the whole remainder closes the trade.
     */
    synchronized RefundOutcome refund(String outRequestNo, long amountFen, String reason, Instant now) {
        Refund existing = refunds.get(outRequestNo);
        if (existing != null) {
            if (existing.amountFen() != amountFen) {
                throw OpenApiError.business("ACQ.DISCORDANT_REPEAT_REQUEST",
                        "out_request_no " + outRequestNo + " was asked with another amount");
            }
            return new RefundOutcome(existing, false, refundedFen());
        }
        Status current = status(now);
        if (current == Status.TRADE_FINISHED) {
            throw OpenApiError.business("ACQ.TRADE_HAS_FINISHED", "交易已完结");
        }
        if (current != Status.TRADE_SUCCESS) {
            throw OpenApiError.business("ACQ.TRADE_STATUS_ERROR", "交易状态不合法");
        }
        if (refundedFen() + amountFen > order.totalFen()) {
            throw OpenApiError.business("ACQ.REFUND_AMT_NOT_EQUAL_TOTAL", "退款金额超限");
        }
        Refund refund = new Refund(outRequestNo, amountFen, reason, now);
        refunds.put(outRequestNo, refund);
        if (refundedFen() == order.totalFen()) {
            status = Status.TRADE_CLOSED;
            closedAt = now;
        }
        return new RefundOutcome(refund, true, refundedFen());
    }

    Behaviour behaviour() {
        return behaviour;
    }

    void behaviour(Behaviour behaviour) {
        this.behaviour = behaviour;
    }

    List<OutgoingNotification> notifications() {
        return List.copyOf(notifications);
    }

    void sent(OutgoingNotification notification) {
        notifications.add(notification);
    }
}
