package dev.tristate.simulator.stripe;

import dev.tristate.simulator.kit.DeliveryRecord;

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
    final DeliveryRecord delivery = new DeliveryRecord();

    OutgoingEvent(String id, String account, String type, String outTradeNo, byte[] body) {
        this.id = id;
        this.account = account;
        this.type = type;
        this.outTradeNo = outTradeNo;
        this.body = body;
    }

    WebhookDelivery view() {
        return new WebhookDelivery(id, type, outTradeNo, delivery.state().name(), delivery.copies(),
                delivery.attempts(), delivery.acknowledgedCopies(), body.clone());
    }
}
