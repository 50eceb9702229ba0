package dev.tristate.adapter.out.messaging;

/** No connection to publish on (or the publisher is closed): nothing of the batch reached the broker. */
final class BrokerUnreachable extends RuntimeException {

    BrokerUnreachable(String reason) {
        super(reason, null, false, false);
    }
}
