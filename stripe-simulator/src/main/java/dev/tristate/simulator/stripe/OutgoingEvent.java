package dev.tristate.simulator.stripe;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * One event on its way to the account's endpoint. Its body is serialised once; every copy and every retry sends
 * exactly these bytes (only the signature's {@code t} is fresh per attempt).
 */
final class OutgoingEvent {

    final String id;
    final String account;
    final String type;
    final String outTradeNo;
    final byte[] body;
    volatile boolean held;
    volatile boolean dropped;
    final AtomicInteger copies = new AtomicInteger();
    final AtomicInteger pendingCopies = new AtomicInteger();
    final AtomicInteger acknowledgedCopies = new AtomicInteger();
    final AtomicInteger attempts = new AtomicInteger();

    OutgoingEvent(String id, String account, String type, String outTradeNo, byte[] body) {
        this.id = id;
        this.account = account;
        this.type = type;
        this.outTradeNo = outTradeNo;
        this.body = body;
    }

    WebhookDelivery view() {
        String state;
        if (held) {
            state = "HELD";
        } else if (dropped) {
            state = "DROPPED";
        } else if (copies.get() == 0 || pendingCopies.get() > 0) {
            state = "SENDING";
        } else {
            state = acknowledgedCopies.get() > 0 ? "DELIVERED" : "GAVE_UP";
        }
        return new WebhookDelivery(id, type, outTradeNo, state, copies.get(), attempts.get(),
                acknowledgedCopies.get(), body.clone());
    }
}
