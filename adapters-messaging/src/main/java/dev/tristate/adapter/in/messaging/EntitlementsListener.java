package dev.tristate.adapter.in.messaging;

import com.rabbitmq.client.Channel;
import dev.tristate.application.consumer.port.in.ConsumeEventUseCase.Acknowledge;
import dev.tristate.application.consumer.port.in.ConsumeEventUseCase.ConsumeResult;
import dev.tristate.application.consumer.port.in.ConsumeEventUseCase.RequeueAfter;
import dev.tristate.application.consumer.port.in.ConsumeEventUseCase;
import dev.tristate.domain.consumer.InboundMessage;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.core.AcknowledgeMode;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.rabbit.connection.ConnectionFactory;
import org.springframework.amqp.rabbit.listener.SimpleMessageListenerContainer;
import org.springframework.amqp.rabbit.listener.api.ChannelAwareMessageListener;

/**
 * The entitlements queue's listener, with manual acknowledgement: the use case commits (or records the failure for a
 * scheduled retry or the quarantine) and only then is the message acked. If not even that could be recorded, the
 * message is given back to the broker after a pause (a nack with requeue, never at once: no hot loop while the
 * database is away). Prefetch bounds the unacked messages per consumer; each consumer thread holds at most one
 * database connection at a time, so the number of consumers is what the connection pool must have room for.
 */
public class EntitlementsListener implements ChannelAwareMessageListener {

    private static final Logger LOG = LoggerFactory.getLogger(EntitlementsListener.class);

    /** @param concurrency consumers started at once; {@code maxConcurrency} when the queue backs up */
    public record Settings(String queue, int prefetch, int concurrency, int maxConcurrency, Duration fallbackPause) {
        public Settings {
            Objects.requireNonNull(queue, "queue");
            Objects.requireNonNull(fallbackPause, "fallback pause");
            if (prefetch < 1 || concurrency < 1 || maxConcurrency < concurrency) {
                throw new IllegalArgumentException("prefetch and concurrency at least 1, max-concurrency not below"
                        + " concurrency");
            }
        }
    }

    private final ConsumeEventUseCase consumer;
    private final Duration fallbackPause;
    private final Map<ConsumeEventUseCase.Outcome, Counter> outcomes = new EnumMap<>(ConsumeEventUseCase.Outcome.class);
    private final Counter requeued;

    public EntitlementsListener(ConsumeEventUseCase consumer, Duration fallbackPause, MeterRegistry meters) {
        this.consumer = consumer;
        this.fallbackPause = fallbackPause;
        for (ConsumeEventUseCase.Outcome outcome : ConsumeEventUseCase.Outcome.values()) {
            outcomes.put(outcome, Counter.builder("tristate.consumer.deliveries").tag("consumer", "entitlements")
                    .tag("outcome", outcome.name().toLowerCase(java.util.Locale.ROOT))
                    .description("Deliveries the consumer acknowledged, by outcome").register(meters));
        }
        requeued = Counter.builder("tristate.consumer.deliveries").tag("consumer", "entitlements")
                .tag("outcome", "requeued").description("Deliveries given back to the broker after a pause")
                .register(meters);
    }

    /** The listener container: manual acks, the given prefetch and concurrency, on the entitlements queue. */
    public static SimpleMessageListenerContainer container(ConnectionFactory connectionFactory, Settings settings,
                                                           EntitlementsListener listener) {
        SimpleMessageListenerContainer container = new SimpleMessageListenerContainer(connectionFactory);
        container.setQueueNames(settings.queue());
        container.setAcknowledgeMode(AcknowledgeMode.MANUAL);
        container.setPrefetchCount(settings.prefetch());
        container.setConcurrentConsumers(settings.concurrency());
        container.setMaxConcurrentConsumers(settings.maxConcurrency());
        // The topology is declared on each new connection (EventTopologyDeclarer); until then, keep trying.
        container.setMissingQueuesFatal(false);
        container.setMessageListener(listener);
        return container;
    }

    @Override
    public void onMessage(Message message, Channel channel) throws IOException {
        long tag = message.getMessageProperties().getDeliveryTag();
        ConsumeResult result;
        try {
            result = consumer.consume(toInbound(message));
        } catch (RuntimeException e) {
            // The use case answers every failure of the message or the database itself; this is a bug: keep the
            // message (the broker has it), and do not spin on it.
            LOG.error("The entitlements consumer failed on message {}; it is given back after {}",
                    message.getMessageProperties().getMessageId(), fallbackPause, e);
            result = new RequeueAfter(fallbackPause, e.toString());
        }
        if (result instanceof Acknowledge ack) {
            channel.basicAck(tag, false);
            outcomes.get(ack.outcome()).increment();
            if (ack.outcome() == ConsumeEventUseCase.Outcome.QUARANTINED) {
                LOG.warn("Message {} quarantined by the entitlements consumer: {}",
                        message.getMessageProperties().getMessageId(), ack.detail());
            }
        } else if (result instanceof RequeueAfter later) {
            LOG.warn("Message {} could not be recorded ({}); given back to the broker after {}",
                    message.getMessageProperties().getMessageId(), later.reason(), later.pause());
            pause(later.pause());
            requeued.increment();
            channel.basicNack(tag, false, true);
        }
    }

    static InboundMessage toInbound(Message message) {
        MessageProperties properties = message.getMessageProperties();
        Map<String, String> headers = new TreeMap<>();
        properties.getHeaders().forEach((name, value) -> headers.put(name, String.valueOf(value)));
        putIfPresent(headers, "amqp.content-type", properties.getContentType());
        putIfPresent(headers, "amqp.exchange", properties.getReceivedExchange());
        putIfPresent(headers, "amqp.routing-key", properties.getReceivedRoutingKey());
        return new InboundMessage(properties.getMessageId(), properties.getType(), headers, message.getBody());
    }

    private static void putIfPresent(Map<String, String> headers, String name, String value) {
        if (value != null) {
            headers.put(name, value);
        }
    }

    private static void pause(Duration pause) {
        try {
            Thread.sleep(pause.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
