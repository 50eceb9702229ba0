package dev.tristate.adapter.out.messaging;

import dev.tristate.adapter.out.messaging.embedded.BrokerKind;
import dev.tristate.adapter.out.messaging.embedded.TopologyArguments;
import dev.tristate.domain.event.EventType;
import com.rabbitmq.client.Channel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.springframework.amqp.core.Binding;
import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.Declarable;
import org.springframework.amqp.core.Declarables;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.TopicExchange;

/**
 * Where events go: one durable topic exchange, routing key = the event type's wire name, and the entitlements queue
 * bound for every payment and refund event type. Declared by the application on every new connection
 * ({@link EventTopologyDeclarer}), per broker kind: a quorum queue on RabbitMQ, a plain durable queue on the embedded
 * Qpid broker, which refuses RabbitMQ's queue arguments. No dead-lettering on either: retries, delays and quarantine
 * live in the outbox.
 */
public record EventTopology(BrokerKind brokerKind, String exchange, String entitlementsQueue) {

    public static final String DEFAULT_EXCHANGE = "tristate.events";
    public static final String DEFAULT_ENTITLEMENTS_QUEUE = "tristate.entitlements";

    public EventTopology {
        Objects.requireNonNull(brokerKind, "broker kind");
        requireName(exchange, "exchange");
        requireName(entitlementsQueue, "queue");
    }

    /** The routing key of an event: its type's wire name. A type no queue is bound for is returned as unroutable. */
    public static String routingKey(String eventType) {
        return eventType;
    }

    /** The event types the entitlements queue receives: every payment and refund event. */
    public static List<String> entitlementEventTypes() {
        return List.of(EventType.values()).stream().map(EventType::name)
                .filter(name -> name.startsWith("Payment") || name.startsWith("Refund")).toList();
    }

    /**
     * The broker kind a connection's server properties name: Qpid Broker-J calls itself "Apache Qpid Broker-J Core",
     * RabbitMQ "RabbitMQ". Anything else is taken for RabbitMQ (whose arguments it then may refuse, loudly).
     */
    public static BrokerKind kindOf(Map<String, Object> serverProperties) {
        Object product = serverProperties == null ? null : serverProperties.get("product");
        return product != null && product.toString().toLowerCase(Locale.ROOT).contains("qpid")
                ? BrokerKind.EMBEDDED_QPID : BrokerKind.RABBITMQ;
    }

    /** Declares the exchange, the queue and the bindings on this channel (idempotent). */
    public void declareOn(Channel channel) throws IOException {
        for (Declarable declarable : declarables().getDeclarables()) {
            if (declarable instanceof TopicExchange events) {
                channel.exchangeDeclare(events.getName(), events.getType(), events.isDurable(), events.isAutoDelete(),
                        events.getArguments());
            } else if (declarable instanceof Queue queue) {
                channel.queueDeclare(queue.getName(), queue.isDurable(), queue.isExclusive(), queue.isAutoDelete(),
                        queue.getArguments());
            } else if (declarable instanceof Binding binding) {
                channel.queueBind(binding.getDestination(), binding.getExchange(), binding.getRoutingKey(),
                        binding.getArguments());
            }
        }
    }

    public Declarables declarables() {
        TopicExchange events = new TopicExchange(exchange, true, false);
        Queue entitlements = new Queue(entitlementsQueue, true, false, false,
                TopologyArguments.forDurableQueue(brokerKind));
        List<Declarable> all = new ArrayList<>(List.of(events, entitlements));
        for (String type : entitlementEventTypes()) {
            all.add(BindingBuilder.bind(entitlements).to(events).with(routingKey(type)));
        }
        return new Declarables(all);
    }

    private static void requireName(String name, String what) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("the " + what + " name is required");
        }
    }
}
