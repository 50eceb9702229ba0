package dev.tristate.adapter.out.messaging;

import dev.tristate.adapter.out.messaging.embedded.BrokerKind;
import dev.tristate.adapter.out.messaging.embedded.EmbeddedAmqpBroker;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;

/** The publisher on the embedded default's broker (Qpid Broker-J in this JVM): nacks unroutable messages. */
class RabbitEventPublisherOnQpidTest extends RabbitEventPublisherContract {

    private static EmbeddedAmqpBroker broker;

    @BeforeAll
    static void startBroker() {
        broker = EmbeddedAmqpBroker.start("127.0.0.1", 0, "tristate", "tristate");
    }

    @AfterAll
    static void stopBroker() {
        broker.close();
    }

    @Override
    protected BrokerKind kind() {
        return BrokerKind.EMBEDDED_QPID;
    }

    @Override
    protected String unroutableReason() {
        return "nacked by the broker";
    }

    @Override
    protected CachingConnectionFactory connectionFactory() {
        return confirming(broker.host(), broker.port(), "tristate", "tristate", "/");
    }
}
