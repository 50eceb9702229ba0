package dev.tristate.sandbox;

import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.node.ObjectNode;

/**
 * One notification of one status change. Its body is serialised once, when it is created, and every copy and every
 * retry sends exactly these bytes (only the signature's timestamp is fresh per attempt). The counters tell how its
 * delivery went; they are read by the notifications listing.
 */
final class OutgoingNotification {

    enum State { HELD, DROPPED, SENDING, DELIVERED, REJECTED, GAVE_UP }

    private final String notifyId;
    private final String merchantId;
    private final String outTradeNo;
    private final TradeStatus status;
    private final long amountMinor;
    private final Instant eventTime;
    private final byte[] body;

    private volatile boolean held;
    private volatile boolean dropped;
    private final AtomicInteger copies = new AtomicInteger();
    private final AtomicInteger pendingCopies = new AtomicInteger();
    private final AtomicInteger acknowledgedCopies = new AtomicInteger();
    private final AtomicInteger rejectedCopies = new AtomicInteger();
    private final AtomicInteger attempts = new AtomicInteger();

    OutgoingNotification(String merchantId, String outTradeNo, String tradeNo, TradeStatus status, long amountMinor,
                         String currency, Instant eventTime) {
        this.notifyId = "ntf_" + UUID.randomUUID().toString().replace("-", "");
        this.merchantId = merchantId;
        this.outTradeNo = outTradeNo;
        this.status = status;
        this.amountMinor = amountMinor;
        this.eventTime = eventTime;
        ObjectNode json = JsonCodec.object();
        json.put("notify_id", notifyId);
        json.put("merchant_id", merchantId);
        json.put("out_trade_no", outTradeNo);
        json.put("trade_no", tradeNo);
        json.put("trade_status", status.name());
        json.put("amount_minor", amountMinor);
        json.put("currency", currency);
        json.put("event_time", EventTimes.format(eventTime));
        this.body = JsonCodec.write(json);
    }

    String notifyId() {
        return notifyId;
    }

    String merchantId() {
        return merchantId;
    }

    String outTradeNo() {
        return outTradeNo;
    }

    TradeStatus status() {
        return status;
    }

    long amountMinor() {
        return amountMinor;
    }

    Instant eventTime() {
        return eventTime;
    }

    byte[] body() {
        return body.clone();
    }

    void hold() {
        held = true;
    }

    void release() {
        held = false;
    }

    void drop() {
        held = false;
        dropped = true;
    }

    void copyQueued() {
        copies.incrementAndGet();
        pendingCopies.incrementAndGet();
    }

    void attempted() {
        attempts.incrementAndGet();
    }

    void copyAcknowledged() {
        acknowledgedCopies.incrementAndGet();
        pendingCopies.decrementAndGet();
    }

    void copyRejected() {
        rejectedCopies.incrementAndGet();
        pendingCopies.decrementAndGet();
    }

    void copyGivenUp() {
        pendingCopies.decrementAndGet();
    }

    int copies() {
        return copies.get();
    }

    int attempts() {
        return attempts.get();
    }

    int acknowledgedCopies() {
        return acknowledgedCopies.get();
    }

    State state() {
        if (held) {
            return State.HELD;
        }
        if (dropped) {
            return State.DROPPED;
        }
        if (copies.get() == 0 || pendingCopies.get() > 0) {
            return State.SENDING;
        }
        if (acknowledgedCopies.get() > 0) {
            return State.DELIVERED;
        }
        return rejectedCopies.get() > 0 ? State.REJECTED : State.GAVE_UP;
    }
}
