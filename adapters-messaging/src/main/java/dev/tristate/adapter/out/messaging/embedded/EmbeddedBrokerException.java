package dev.tristate.adapter.out.messaging.embedded;

/** The embedded AMQP broker could not start. */
public class EmbeddedBrokerException extends RuntimeException {

    public EmbeddedBrokerException(String message) {
        super(message);
    }

    public EmbeddedBrokerException(String message, Throwable cause) {
        super(message, cause);
    }
}
