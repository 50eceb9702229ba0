package dev.tristate.bootstrap;

import org.springframework.amqp.AmqpException;
import org.springframework.amqp.rabbit.connection.Connection;
import org.springframework.amqp.rabbit.connection.ConnectionFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

/**
 * On the prod profile the broker is checked at start-up, like the database: an application that cannot publish its
 * events should not report itself healthy and take traffic. (The outbox keeps events safe either way; this is about
 * failing where an operator looks first.)
 */
@Component
@Profile("prod")
class BrokerReachabilityCheck implements SmartInitializingSingleton {

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
            throw new IllegalStateException("Refusing to start: the AMQP broker at " + connectionFactory.getHost()
                    + ":" + connectionFactory.getPort() + " (spring.rabbitmq.*) cannot be reached: " + e.getMessage(),
                    e);
        }
    }
}
