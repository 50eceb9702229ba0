package dev.tristate.benchmark.peer.app;

import io.namastack.outbox.handler.OutboxHandler;
import io.namastack.outbox.handler.OutboxRecordMetadata;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageDeliveryMode;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.core.ReturnedMessage;
import org.springframework.amqp.rabbit.connection.CorrelationData;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Publishes each record as Tristate's relay publishes an event, and fails the record (so that namastack retries it)
 * unless the broker took it: persistent, mandatory, and complete only once the broker's confirm came back as an ack
 * without a return before it. A nack, a return (unroutable) or no confirm within {@code peer.confirm-timeout} is an
 * exception. namastack's own Rabbit handler sends without waiting for a confirm; the benchmark compares outboxes that
 * mark a record done only once the broker has it.
 */
@Component
class ConfirmedRabbitHandler implements OutboxHandler {

    private final RabbitTemplate rabbit;
    private final PeerProperties peer;
    private final JsonMapper json = JsonMapper.builder().build();

    ConfirmedRabbitHandler(RabbitTemplate rabbit, PeerProperties peer) {
        this.rabbit = rabbit;
        this.peer = peer;
    }

    @Override
    public void handle(Object payload, OutboxRecordMetadata metadata) {
        if (!(payload instanceof PaymentSucceeded event)) {
            throw new IllegalArgumentException("not a PaymentSucceeded: " + payload.getClass().getName());
        }
        MessageProperties properties = new MessageProperties();
        properties.setMessageId(event.eventId());
        properties.setType(event.eventType());
        properties.setContentType(MessageProperties.CONTENT_TYPE_JSON);
        properties.setContentEncoding("UTF-8");
        properties.setDeliveryMode(MessageDeliveryMode.PERSISTENT);
        properties.setHeader("tenant_id", event.tenantId());
        Message message = new Message(json.writeValueAsBytes(event), properties);
        CorrelationData correlation = new CorrelationData(UUID.randomUUID().toString());
        rabbit.send(peer.exchange(), peer.routingKey(), message, correlation);
        CorrelationData.Confirm confirm;
        try {
            confirm = correlation.getFuture().get(peer.confirmTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IllegalStateException("no confirm within " + peer.confirmTimeout() + " for " + metadata.getKey(),
                    e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the confirm failed for " + metadata.getKey(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the confirm of " + metadata.getKey(), e);
        }
        // Spring AMQP sets a return on the correlation before it completes the confirm.
        ReturnedMessage returned = correlation.getReturned();
        if (returned != null) {
            throw new IllegalStateException("returned unroutable (" + returned.getReplyText() + "): "
                    + metadata.getKey());
        }
        if (!confirm.ack()) {
            throw new IllegalStateException("nacked by the broker (" + confirm.reason() + "): " + metadata.getKey());
        }
    }
}
