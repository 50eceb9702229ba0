package dev.tristate.adapter.out.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.adapter.out.messaging.embedded.BrokerKind;
import dev.tristate.adapter.out.messaging.embedded.TopologyArguments;
import dev.tristate.domain.event.EventType;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.core.Binding;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.TopicExchange;

class EventTopologyTest {

    @Test
    void theEntitlementsQueueIsBoundForEveryPaymentAndRefundEventType() {
        EventTopology topology = new EventTopology(BrokerKind.RABBITMQ, EventTopology.DEFAULT_EXCHANGE,
                EventTopology.DEFAULT_ENTITLEMENTS_QUEUE);

        assertThat(topology.declarables().getDeclarablesByType(Binding.class))
                .allSatisfy(b -> {
                    assertThat(b.getExchange()).isEqualTo("tristate.events");
                    assertThat(b.getDestination()).isEqualTo("tristate.entitlements");
                })
                .extracting(Binding::getRoutingKey)
                .containsExactlyInAnyOrderElementsOf(Arrays.stream(EventType.values()).map(Enum::name).toList());
        assertThat(topology.declarables().getDeclarablesByType(TopicExchange.class)).singleElement()
                .satisfies(exchange -> {
                    assertThat(exchange.isDurable()).isTrue();
                    assertThat(exchange.isAutoDelete()).isFalse();
                });
    }

    @Test
    void theQueueIsAQuorumQueueOnRabbitMqAndAPlainDurableOneOnQpidWithoutDeadLettering() {
        for (BrokerKind kind : BrokerKind.values()) {
            Queue queue = new EventTopology(kind, "x", "q").declarables().getDeclarablesByType(Queue.class).get(0);

            assertThat(queue.isDurable()).isTrue();
            assertThat(queue.isAutoDelete()).isFalse();
            assertThat(queue.isExclusive()).isFalse();
            assertThat(queue.getArguments()).isEqualTo(TopologyArguments.forDurableQueue(kind))
                    .doesNotContainKey("x-dead-letter-exchange");
        }
    }

    @Test
    void theRoutingKeyIsTheEventTypesWireName() {
        assertThat(EventTopology.routingKey("PaymentSucceeded")).isEqualTo("PaymentSucceeded");
    }

    @Test
    void theBrokerKindIsWhatTheBrokerNamesItself() {
        assertThat(EventTopology.kindOf(java.util.Map.of("product", "Apache Qpid Broker-J Core")))
                .isEqualTo(BrokerKind.EMBEDDED_QPID);
        assertThat(EventTopology.kindOf(java.util.Map.of("product", "RabbitMQ"))).isEqualTo(BrokerKind.RABBITMQ);
        assertThat(EventTopology.kindOf(java.util.Map.of())).isEqualTo(BrokerKind.RABBITMQ);
        assertThat(EventTopology.kindOf(null)).isEqualTo(BrokerKind.RABBITMQ);
    }

    @Test
    void namesAreRequired() {
        assertThatThrownBy(() -> new EventTopology(BrokerKind.RABBITMQ, " ", "q"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
