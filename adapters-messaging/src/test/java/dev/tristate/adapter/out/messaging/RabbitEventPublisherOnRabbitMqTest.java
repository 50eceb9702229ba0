package dev.tristate.adapter.out.messaging;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.adapter.out.messaging.embedded.BrokerKind;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.AmqpException;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;

/**
 * The publisher on a real RabbitMQ (returns, then acks, unroutable messages), with the entitlements queue a quorum
 * queue. Runs only when TRISTATE_IT_RABBIT_HOST is set (as .ci/run sets it).
 */
class RabbitEventPublisherOnRabbitMqTest extends RabbitEventPublisherContract {

    @BeforeAll
    static void onlyWithARealBroker() {
        Assumptions.assumeTrue(!env("TRISTATE_IT_RABBIT_HOST", "").isBlank(),
                "TRISTATE_IT_RABBIT_HOST is not set: skipping the publisher tests against a real RabbitMQ");
    }

    @Override
    protected BrokerKind kind() {
        return BrokerKind.RABBITMQ;
    }

    @Override
    protected String unroutableReason() {
        return "returned by the broker: 312 NO_ROUTE";
    }

    @Override
    protected CachingConnectionFactory connectionFactory() {
        return confirming(env("TRISTATE_IT_RABBIT_HOST", ""), Integer.parseInt(env("TRISTATE_IT_RABBIT_PORT", "5672")),
                env("TRISTATE_IT_RABBIT_USER", "guest"), env("TRISTATE_IT_RABBIT_PASSWORD", "guest"),
                env("TRISTATE_IT_RABBIT_VHOST", "/"));
    }

    @Test
    void theEntitlementsQueueIsAQuorumQueue() {
        // RabbitMQ refuses to redeclare a queue with other arguments (406, inequivalent arg 'x-queue-type').
        assertThatThrownBy(() -> admin.declareQueue(new Queue(topology.entitlementsQueue(), true, false, false,
                Map.of()))).isInstanceOf(AmqpException.class).rootCause().hasMessageContaining("x-queue-type");
    }

    @Test
    void aVirtualHostThatRefusesTheConnectionMakesTheBrokerUnreachable() {
        CachingConnectionFactory refused = connectionFactory();
        refused.setVirtualHost("tristate-no-such-vhost-" + java.util.UUID.randomUUID());

        assertUnreachable(refused);
    }

    @Test
    void aTopologyThatCannotBeDeclaredPublishesNothingAndEventsWait() {
        // A classic queue of the entitlements queue's name: the quorum declaration is refused (406).
        String taken = "tristate.test.classic." + java.util.UUID.randomUUID();
        admin.declareQueue(new Queue(taken, true, false, false, Map.of()));
        CachingConnectionFactory factory = connectionFactory();
        factory.addConnectionListener(new EventTopologyDeclarer(topology.exchange(), taken, null));
        try {
            assertUnreachable(factory);
        } finally {
            admin.deleteQueue(taken);
        }
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
