package dev.tristate.bootstrap;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.AmqpException;
import org.springframework.amqp.rabbit.connection.Connection;
import org.springframework.amqp.rabbit.connection.ConnectionFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

/**
 * On the prod profile the broker is tried once at start-up and its absence said in one line, but the start goes on:
 * taking a callback needs only the database, and the outbox keeps the events until the broker is back. The relay and
 * the consumers connect on their own when it returns; the {@code rabbit} health component and the
 * {@code rabbitmq_connections} gauge show it meanwhile (docs/operations.md). Only the database and missing settings
 * stop a start.
 */
@Component
@Profile("prod")
class BrokerReachabilityCheck implements SmartInitializingSingleton {

    private static final Logger LOG = LoggerFactory.getLogger(BrokerReachabilityCheck.class);

    private final ConnectionFactory connectionFactory;

    BrokerReachabilityCheck(ConnectionFactory connectionFactory) {
        this.connectionFactory = connectionFactory;
    }

    @Override
    public void afterSingletonsInstantiated() {
        try (Connection connection = connectionFactory.createConnection()) {
            if (!connection.isOpen()) {
                throw new IllegalStateException("connection closed at once");
            }
        } catch (AmqpException | IllegalStateException e) {
            LOG.warn("The AMQP broker at {}:{} (spring.rabbitmq.*) cannot be reached ({}): starting without it;"
                    + " events wait in the outbox and are relayed once it is back", connectionFactory.getHost(),
                    connectionFactory.getPort(), rootMessage(e));
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getClass().getSimpleName() + ": " + root.getMessage();
    }
}
