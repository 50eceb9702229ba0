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
import java.time.Clock;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.amqp.AmqpIOException;
import org.springframework.amqp.core.AcknowledgeMode;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.rabbit.connection.ConnectionFactory;
import org.springframework.amqp.rabbit.listener.SimpleMessageListenerContainer;
import org.springframework.amqp.rabbit.listener.api.ChannelAwareBatchMessageListener;

/**
 * The entitlements queue's listener, with manual acknowledgement: the use case commits (or records the failure for a
 * scheduled retry or the quarantine) and only then is the message acked. If not even that could be recorded, the
 * message is given back to the broker after a pause (a nack with requeue, never at once: no hot loop while the
 * database is away). Prefetch bounds the unacked messages per consumer; each consumer thread holds at most one
 * database connection at a time, so the number of consumers is what the connection pool must have room for.
 *
 * <p>With a batch size above one, each consumer takes what the broker has already sent it, up to the batch size and
 * waiting at most {@code batchWait} for more, and the use case applies the batch in one transaction; the messages are
 * then acknowledged with one multiple-ack. A batch the use case had to take message by message is acknowledged
 * message by message.
 */
public class EntitlementsListener implements ChannelAwareBatchMessageListener {

    private static final Logger LOG = LoggerFactory.getLogger(EntitlementsListener.class);

    /**
     * @param concurrency consumers started at once; {@code maxConcurrency} when the queue backs up
     * @param batchSize   messages applied in one transaction (1: one per transaction); at most the prefetch
     * @param batchWait   how long a consumer waits for a batch to fill once it has a first message
     */
    public record Settings(String queue, int prefetch, int concurrency, int maxConcurrency, Duration fallbackPause,
                           int batchSize, Duration batchWait) {

        public Settings(String queue, int prefetch, int concurrency, int maxConcurrency, Duration fallbackPause) {
            this(queue, prefetch, concurrency, maxConcurrency, fallbackPause, 1, Duration.ZERO);
        }

        public Settings {
            Objects.requireNonNull(queue, "queue");
            Objects.requireNonNull(fallbackPause, "fallback pause");
            Objects.requireNonNull(batchWait, "batch wait");
            if (prefetch < 1 || concurrency < 1 || maxConcurrency < concurrency) {
                throw new IllegalArgumentException("prefetch and concurrency at least 1, max-concurrency not below"
                        + " concurrency");
            }
            if (batchSize < 1 || batchSize > prefetch || batchWait.isNegative()) {
                throw new IllegalArgumentException("the batch size is at least 1 and at most the prefetch ("
                        + prefetch + "), the batch wait not negative");
            }
        }
    }

    private final ConsumeEventUseCase consumer;
    private final Duration fallbackPause;
    private final Map<ConsumeEventUseCase.Outcome, Counter> outcomes = new EnumMap<>(ConsumeEventUseCase.Outcome.class);
    private final Counter requeued;
    private final ConsumerLag lag;
    private final DeliveryTracing tracing;

    public EntitlementsListener(ConsumeEventUseCase consumer, Duration fallbackPause, MeterRegistry meters) {
        this(consumer, fallbackPause, meters, DeliveryTracing.NONE);
    }

    public EntitlementsListener(ConsumeEventUseCase consumer, Duration fallbackPause, MeterRegistry meters,
                                DeliveryTracing tracing) {
        this(consumer, fallbackPause, meters, tracing, Clock.systemUTC());
    }

    EntitlementsListener(ConsumeEventUseCase consumer, Duration fallbackPause, MeterRegistry meters,
                         DeliveryTracing tracing, Clock clock) {
        this.tracing = tracing;
        this.consumer = consumer;
        this.lag = new ConsumerLag("entitlements", meters, clock);
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
        if (settings.batchSize() > 1) {
            container.setConsumerBatchEnabled(true);
            container.setBatchSize(settings.batchSize());
            // Both bound the wait for a batch to fill: the receive timeout each further message, the batch receive
            // timeout the whole batch. Idle, a consumer polls its local queue this often, which costs next to nothing.
            long wait = Math.max(1, settings.batchWait().toMillis());
            container.setReceiveTimeout(wait);
            container.setBatchReceiveTimeout(wait);
        }
        container.setMessageListener(listener);
        return container;
    }

    @Override
    public void onMessage(Message message, Channel channel) throws IOException {
        List<Message> one = List.of(message);
        lag.started(one);
        // Every log line about this delivery names its event and tenant.
        try (DeliveryTracing.Spans spans = tracing.start(one);
             MDC.MDCCloseable event = MDC.putCloseable("event_id", message.getMessageProperties().getMessageId());
             MDC.MDCCloseable tenant = MDC.putCloseable("tenant_id", header(message, "tenant_id"))) {
            consumeOne(message, channel);
        } finally {
            lag.finished();
        }
    }

    private void consumeOne(Message message, Channel channel) throws IOException {
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
            counted(message, ack);
        } else if (result instanceof RequeueAfter later) {
            LOG.warn("Message {} could not be recorded ({}); given back to the broker after {}",
                    message.getMessageProperties().getMessageId(), later.reason(), later.pause());
            pause(later.pause());
            requeued.increment();
            channel.basicNack(tag, false, true);
        }
    }

    @Override
    public void onMessageBatch(List<Message> messages, Channel channel) {
        lag.started(messages);
        try (DeliveryTracing.Spans spans = tracing.start(messages)) {
            consumeBatch(messages, channel);
        } catch (IOException e) {
            // The channel failed under an ack: the broker redelivers what was not acknowledged.
            throw new AmqpIOException(e);
        } finally {
            lag.finished();
        }
    }

    private void consumeBatch(List<Message> messages, Channel channel) throws IOException {
        if (messages.isEmpty()) {
            return;
        }
        List<ConsumeResult> results;
        try {
            results = consumer.consumeAll(messages.stream().map(EntitlementsListener::toInbound).toList());
        } catch (RuntimeException e) {
            LOG.error("The entitlements consumer failed on a batch of {} messages; they are given back after {}",
                    messages.size(), fallbackPause, e);
            pause(fallbackPause);
            for (Message message : messages) {
                requeued.increment();
                channel.basicNack(message.getMessageProperties().getDeliveryTag(), false, true);
            }
            return;
        }
        if (results.stream().allMatch(Acknowledge.class::isInstance)) {
            // Every delivery tag of this channel up to the batch's last is this batch's: one ack for all of them.
            channel.basicAck(messages.get(messages.size() - 1).getMessageProperties().getDeliveryTag(), true);
            for (int i = 0; i < messages.size(); i++) {
                counted(messages.get(i), (Acknowledge) results.get(i));
            }
            return;
        }
        boolean paused = false;
        for (int i = 0; i < messages.size(); i++) {
            Message message = messages.get(i);
            long tag = message.getMessageProperties().getDeliveryTag();
            if (results.get(i) instanceof Acknowledge ack) {
                channel.basicAck(tag, false);
                counted(message, ack);
            } else if (results.get(i) instanceof RequeueAfter later) {
                LOG.warn("Message {} could not be recorded ({}); given back to the broker after {}",
                        message.getMessageProperties().getMessageId(), later.reason(), later.pause());
                if (!paused) {
                    pause(later.pause());
                    paused = true;
                }
                requeued.increment();
                channel.basicNack(tag, false, true);
            }
        }
    }

    private void counted(Message message, Acknowledge ack) {
        outcomes.get(ack.outcome()).increment();
        lag.acknowledged(message);
        if (ack.outcome() == ConsumeEventUseCase.Outcome.QUARANTINED) {
            LOG.warn("Message {} quarantined by the entitlements consumer: {}",
                    message.getMessageProperties().getMessageId(), ack.detail());
        }
    }

    private static String header(Message message, String name) {
        Object value = message.getMessageProperties().getHeaders().get(name);
        return value == null ? null : value.toString();
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
