package dev.tristate.adapter.out.messaging;

/** The broker's ack or nack, or the channel's close while the confirm was outstanding (with its reason). */
record Confirmation(boolean ack, String closedReason) {

    static final Confirmation ACK = new Confirmation(true, null);
    static final Confirmation NACK = new Confirmation(false, null);

    static Confirmation closed(String reason) {
        return new Confirmation(false, reason == null ? "channel closed" : reason);
    }
}
