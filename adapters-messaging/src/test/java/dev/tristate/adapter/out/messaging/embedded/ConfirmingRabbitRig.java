package dev.tristate.adapter.out.messaging.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.DirectExchange;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageBuilder;
import org.springframework.amqp.core.MessageDeliveryMode;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.ReturnedMessage;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory.ConfirmType;
import org.springframework.amqp.rabbit.connection.CorrelationData;
import org.springframework.amqp.rabbit.connection.CorrelationData.Confirm;
import org.springframework.amqp.rabbit.core.RabbitAdmin;
import org.springframework.amqp.rabbit.core.RabbitTemplate;

/**
 * Hand-built spring-rabbit plumbing (no Boot auto-configuration) the way the outbox relay
 * publishes: correlated publisher confirms, publisher returns, mandatory messages.
 */
final class ConfirmingRabbitRig implements AutoCloseable {

    static final Duration CONFIRM_TIMEOUT = Duration.ofSeconds(10);

    final CachingConnectionFactory connectionFactory;
    final RabbitTemplate template;
    final RabbitAdmin admin;
    final List<ReturnedMessage> returns = new CopyOnWriteArrayList<>();

    final String exchange;
    final String queue;
    final String routingKey;

    ConfirmingRabbitRig(String host, int port, String user, String password, String virtualHost) {
        connectionFactory = new CachingConnectionFactory(host, port);
        connectionFactory.setUsername(user);
        connectionFactory.setPassword(password);
        connectionFactory.setVirtualHost(virtualHost);
        connectionFactory.setPublisherConfirmType(ConfirmType.CORRELATED);
        connectionFactory.setPublisherReturns(true);
        connectionFactory.setConnectionNameStrategy(cf -> "tristate-test");

        template = new RabbitTemplate(connectionFactory);
        template.setMandatory(true);
        template.setReturnsCallback(returns::add);

        admin = new RabbitAdmin(connectionFactory);

        String run = UUID.randomUUID().toString();
        exchange = "tristate.test.ex." + run;
        queue = "tristate.test.q." + run;
        routingKey = "payment.event";
    }

    /** A durable direct exchange and a durable queue declared with the given arguments, bound by {@link #routingKey}. */
    void declareTopology(Map<String, Object> queueArguments) {
        DirectExchange directExchange = new DirectExchange(exchange, true, false);
        Queue durableQueue = new Queue(queue, true, false, false, queueArguments);
        admin.declareExchange(directExchange);
        admin.declareQueue(durableQueue);
        admin.declareBinding(BindingBuilder.bind(durableQueue).to(directExchange).with(routingKey));
    }

    CorrelationData publish(String routingKey, String messageId) {
        Message message = MessageBuilder.withBody(("event " + messageId).getBytes(StandardCharsets.UTF_8))
                .setMessageId(messageId)
                .setContentType("text/plain")
                .setDeliveryMode(MessageDeliveryMode.PERSISTENT)
                .build();
        CorrelationData correlation = new CorrelationData(messageId);
        template.send(exchange, routingKey, message, correlation);
        return correlation;
    }

    static Confirm awaitConfirm(CorrelationData correlation) throws Exception {
        return correlation.getFuture().get(CONFIRM_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * The relay's rule: a message counts as sent only when the broker acked it AND did not return
     * it. RabbitMQ acks a returned message (and delivers the return first); Qpid nacks it.
     */
    static boolean isSent(CorrelationData correlation, Confirm confirm) {
        return confirm.ack() && correlation.getReturned() == null;
    }

    List<ReturnedMessage> returnsFor(String messageId) {
        return returns.stream()
                .filter(r -> messageId.equals(r.getMessage().getMessageProperties().getMessageId()))
                .toList();
    }

    void deleteTopology() {
        admin.deleteQueue(queue);
        admin.deleteExchange(exchange);
    }

    @Override
    public void close() {
        connectionFactory.destroy();
    }

    /**
     * The same proof on every broker: a routable persistent message is acked, not returned, counts as sent, and is
     * delivered once with its message id, persistent delivery mode and body.
     */
    void assertARoutableMessageIsConfirmedAndDeliveredOnce() throws Exception {
        String messageId = UUID.randomUUID().toString();

        CorrelationData correlation = publish(routingKey, messageId);
        Confirm confirm = awaitConfirm(correlation);

        assertThat(confirm.ack()).as("broker ack, reason: %s", confirm.reason())
                .isTrue();
        assertThat(correlation.getReturned()).isNull();
        assertThat(isSent(correlation, confirm)).isTrue();

        Message received = template.receive(queue, 5_000);
        assertThat(received).as("message on %s", queue).isNotNull();
        assertThat(received.getMessageProperties().getMessageId())
                .isEqualTo(messageId);
        assertThat(received.getMessageProperties().getReceivedDeliveryMode())
                .isEqualTo(MessageDeliveryMode.PERSISTENT);
        assertThat(new String(received.getBody(),
                StandardCharsets.UTF_8)).isEqualTo("event " + messageId);
        assertThat(returns).isEmpty();
        assertThat(template.receive(queue, 200)).as("exactly one delivery").isNull();
    }
}
