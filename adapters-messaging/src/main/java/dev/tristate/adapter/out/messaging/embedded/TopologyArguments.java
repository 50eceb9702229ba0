package dev.tristate.adapter.out.messaging.embedded;

import java.util.Map;
import java.util.Objects;

/**
 * Queue declaration arguments per broker kind.
 *
 * <p>Qpid Broker-J answers RabbitMQ-specific queue arguments such as {@code x-queue-type} or
 * {@code x-dead-letter-exchange} with 542 "Unsupported queue declare argument(s)" and closes the
 * whole connection, so the embedded broker gets no arguments at all. Dead-lettering is not used
 * on either broker: retries, delays and quarantine live in the application and the database.
 */
public final class TopologyArguments {

    public static final String QUEUE_TYPE = "x-queue-type";
    public static final String QUORUM = "quorum";

    private TopologyArguments() {
    }

    /** Arguments for declaring a durable queue on the given broker kind; immutable. */
    public static Map<String, Object> forDurableQueue(BrokerKind kind) {
        Objects.requireNonNull(kind, "kind");
        return switch (kind) {
            case RABBITMQ -> Map.of(QUEUE_TYPE, QUORUM);
            case EMBEDDED_QPID -> Map.of();
        };
    }
}
