package dev.tristate.adapter.out.messaging;

import com.rabbitmq.client.Channel;
import dev.tristate.adapter.out.messaging.embedded.BrokerKind;
import java.io.IOException;
import java.util.Objects;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.AmqpIOException;
import org.springframework.amqp.rabbit.connection.Connection;
import org.springframework.amqp.rabbit.connection.ConnectionListener;

/**
 * Declares the {@link EventTopology} on every new connection, before anything is published on it, so a broker that
 * restarted without it (the embedded one keeps nothing) has it again. The broker kind, which decides the queue
 * arguments, is the configured one, or else the one the broker names in its server properties: the application
 * cannot declare a quorum queue on Qpid (which would close the connection) or a plain one on RabbitMQ by mistake.
 * If the declaration fails, the connection fails with it: nothing is published onto a topology that is not there.
 */
public class EventTopologyDeclarer implements ConnectionListener {

    private static final Logger LOG = LoggerFactory.getLogger(EventTopologyDeclarer.class);

    private final String exchange;
    private final String queue;
    private final BrokerKind configuredKind;

    /** @param configuredKind the broker kind, or null to ask the broker */
    public EventTopologyDeclarer(String exchange, String queue, BrokerKind configuredKind) {
        this.exchange = Objects.requireNonNull(exchange, "exchange");
        this.queue = Objects.requireNonNull(queue, "queue");
        this.configuredKind = configuredKind;
    }

    @Override
    public void onCreate(Connection connection) {
        BrokerKind kind = configuredKind != null ? configuredKind
                : EventTopology.kindOf(connection.getDelegate().getServerProperties());
        EventTopology topology = new EventTopology(kind, exchange, queue);
        try (Channel channel = connection.createChannel(false)) {
            topology.declareOn(channel);
            LOG.info("Declared the event topology for {}: exchange {}, queue {}", kind, exchange, queue);
        } catch (IOException | TimeoutException | RuntimeException e) {
            LOG.error("Cannot declare the event topology (exchange {}, queue {}) on {}: nothing is published until it"
                    + " is; events wait in the outbox", exchange, queue, kind, e);
            // Drop the connection, so that the next attempt opens a new one and declares again.
            connection.getDelegate().abort();
            throw e instanceof RuntimeException runtime ? runtime : new AmqpIOException(
                    e instanceof IOException io ? io : new IOException(e));
        }
    }
}
