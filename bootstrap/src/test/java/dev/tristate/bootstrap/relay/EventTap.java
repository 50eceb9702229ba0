package dev.tristate.bootstrap.relay;

import dev.tristate.adapter.out.messaging.EventTopology;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.TopicExchange;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.amqp.rabbit.core.RabbitAdmin;
import org.springframework.amqp.rabbit.core.RabbitTemplate;

/**
 * A test's own durable queue, bound to the events exchange like the entitlements queue, so the test sees every event
 * published there without consuming from (or depending on) the application's queues. Durable and classic, so that on
 * RabbitMQ its messages survive a broker restart.
 */
final class EventTap implements AutoCloseable {

    private final CachingConnectionFactory connectionFactory;
    private final RabbitAdmin admin;
    private final RabbitTemplate template;
    private final String exchange;
    private final String queue = "tristate.test.tap." + UUID.randomUUID();

    /** Takes over the connection factory (and destroys it on close). */
    EventTap(CachingConnectionFactory connectionFactory, String exchange) {
        this.connectionFactory = connectionFactory;
        admin = new RabbitAdmin(connectionFactory);
        template = new RabbitTemplate(connectionFactory);
        this.exchange = exchange;
        declare();
    }

    /** (Re)declares the exchange, the queue and its bindings; again after a broker that lost them restarted. */
    void declare() {
        TopicExchange events = new TopicExchange(exchange, true, false);
        Queue tap = new Queue(queue, true, false, false);
        admin.declareExchange(events);
        admin.declareQueue(tap);
        for (String type : EventTopology.entitlementEventTypes()) {
            admin.declareBinding(BindingBuilder.bind(tap).to(events).with(EventTopology.routingKey(type)));
        }
    }

    /** Every message until none arrives for {@code quiet}. */
    List<Message> drain(Duration quiet) {
        List<Message> messages = new ArrayList<>();
        Message message;
        while ((message = template.receive(queue, quiet.toMillis())) != null) {
            messages.add(message);
        }
        return messages;
    }

    static List<String> messageIds(List<Message> messages) {
        return messages.stream().map(m -> m.getMessageProperties().getMessageId()).toList();
    }

    @Override
    public void close() {
        try {
            admin.deleteQueue(queue);
        } finally {
            connectionFactory.destroy();
        }
    }
}
