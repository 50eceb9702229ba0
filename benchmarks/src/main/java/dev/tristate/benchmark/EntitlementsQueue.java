package dev.tristate.benchmark;

import static dev.tristate.benchmark.Report.say;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import dev.tristate.domain.event.EventType;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The consumer benchmark's own client of the broker (RabbitMQ's Java client, not the application's): purging and
 * watching {@value #QUEUE}, and publishing to it as the relay does.
 */
final class EntitlementsQueue implements AutoCloseable {

    static final String EXCHANGE = "tristate.events";
    static final String QUEUE = "tristate.entitlements";

    /** One PaymentSucceeded message: the event id and the outbox payload the application writes for it. */
    record Message(String eventId, String tenantId, byte[] body) {
    }

    private final Connection connection;
    private final String vhost;

    EntitlementsQueue(Settings settings) throws Exception {
        vhost = settings.rabbitVhost();
        connection = settings.rabbitConnection("tristate-consumer-benchmark");
    }

    /**
     * Before an application starts: nobody else may consume the queue (their figures and ours would mix), and
     * what earlier runs left in it would be consumed during the measurement, so it is purged. A queue that does
     * not exist yet is declared by the application.
     */
    void purgeBeforeStart() throws Exception {
        try (Channel channel = connection.createChannel()) {
            AMQP.Queue.DeclareOk queue;
            try {
                queue = channel.queueDeclarePassive(QUEUE);
            } catch (IOException notThere) {
                return;
            }
            if (queue.getConsumerCount() > 0) {
                throw new IllegalStateException(queue.getConsumerCount() + " consumer(s) of another process"
                        + " already read " + QUEUE + " on vhost " + vhost + ": stop it, or use"
                        + " another vhost (--rabbit-vhost=...)");
            }
            if (queue.getMessageCount() > 0) {
                say("purging " + queue.getMessageCount() + " message(s) left in " + QUEUE);
            }
            channel.queuePurge(QUEUE);
        } catch (com.rabbitmq.client.AlreadyClosedException closed) {
            // the passive declare closed the channel: no queue yet
        }
    }

    long messages() throws Exception {
        try (Channel channel = connection.createChannel()) {
            return channel.queueDeclarePassive(QUEUE).getMessageCount();
        }
    }

    int consumers() throws Exception {
        try (Channel channel = connection.createChannel()) {
            return channel.queueDeclarePassive(QUEUE).getConsumerCount();
        }
    }

    /** After a warm-up: every message consumed and acked before the measured ones are published. */
    void awaitEmpty() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (messages() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
    }

    /**
     * As the relay publishes (RabbitEventPublisher.properties): to the events exchange, routing key = event
     * type, persistent, mandatory, message id = event id, type, header tenant_id, JSON in UTF-8; publisher
     * confirms awaited per batch.
     */
    void publish(List<Message> messages, int batch) throws Exception {
        AtomicInteger returned = new AtomicInteger();
        try (Channel channel = connection.createChannel()) {
            channel.confirmSelect();
            channel.addReturnListener(r -> returned.incrementAndGet());
            int inBatch = 0;
            for (Message m : messages) {
                AMQP.BasicProperties properties = new AMQP.BasicProperties.Builder()
                        .messageId(m.eventId()).type(EventType.PaymentSucceeded.name())
                        .contentType("application/json").contentEncoding("UTF-8").deliveryMode(2)
                        .headers(Map.of("tenant_id", m.tenantId())).build();
                channel.basicPublish(EXCHANGE, EventType.PaymentSucceeded.name(), true, properties, m.body());
                if (++inBatch == batch) {
                    channel.waitForConfirmsOrDie(30_000);
                    inBatch = 0;
                }
            }
            if (inBatch > 0) {
                channel.waitForConfirmsOrDie(30_000);
            }
        }
        if (returned.get() > 0) {
            throw new IllegalStateException(returned.get() + " messages were returned as unroutable: is "
                    + QUEUE + " bound to " + EXCHANGE + "?");
        }
    }

    @Override
    public void close() throws Exception {
        connection.close();
    }
}
