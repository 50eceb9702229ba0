package dev.tristate.adapter.out.messaging;

import dev.tristate.application.port.out.EventPublisher;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.outcome.OutcomeClass;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.AmqpAuthenticationException;
import org.springframework.amqp.AmqpConnectException;
import org.springframework.amqp.AmqpException;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageDeliveryMode;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.core.ReturnedMessage;
import org.springframework.amqp.rabbit.connection.Connection;
import org.springframework.amqp.rabbit.connection.ConnectionFactory;
import org.springframework.amqp.rabbit.connection.CorrelationData;
import org.springframework.amqp.rabbit.connection.CorrelationData.Confirm;
import org.springframework.amqp.rabbit.core.RabbitTemplate;

/**
 * Publishes outbox events with spring-rabbit: persistent messages, mandatory (an unroutable message comes back),
 * each correlated with its publisher confirm. The whole batch is sent first and its confirms are awaited after, against
 * one deadline, so a batch costs one round trip, not one per message.
 *
 * <p>"Sent" means acked AND not returned. RabbitMQ delivers the return of an unroutable message first and then acks
 * it; the embedded Qpid broker nacks it first and returns it after. A nack from the broker is a definite "no"; a nack
 * that spring-rabbit generates because the channel closed while the confirm was outstanding carries the close reason
 * and means "unknown": the message may be in a queue already.
 */
public class RabbitEventPublisher implements EventPublisher {

    /**
     * When confirms are awaited. {@link #BATCH}, the default: the whole batch is sent, then its confirms are awaited
     * against one deadline. {@link #EACH}: every message waits for its own confirm before the next is sent, one
     * broker round trip per message; it exists as the baseline of the relay benchmark (docs/benchmarks.md), not
     * for production.
     */
    public enum ConfirmWait { BATCH, EACH }

    /** The message header naming the event's tenant. */
    public static final String TENANT_HEADER = "tenant_id";

    private static final Logger LOG = LoggerFactory.getLogger(RabbitEventPublisher.class);

    private final ConnectionFactory connectionFactory;
    private final RabbitTemplate template;
    private final String exchange;
    private final Duration confirmTimeout;
    private final ConfirmWait confirmWait;
    private final Timer publishLatency;
    private final Counter published;
    private final Counter acks;
    private final Counter nacks;
    private final Counter unconfirmed;
    private final Counter returns;

    public RabbitEventPublisher(ConnectionFactory connectionFactory, String exchange, Duration confirmTimeout,
                                MeterRegistry meters) {
        this(connectionFactory, exchange, confirmTimeout, ConfirmWait.BATCH, meters);
    }

    public RabbitEventPublisher(ConnectionFactory connectionFactory, String exchange, Duration confirmTimeout,
                                ConfirmWait confirmWait, MeterRegistry meters) {
        if (!connectionFactory.isPublisherConfirms() || !connectionFactory.isPublisherReturns()) {
            throw new IllegalStateException("the outbox relay needs a connection factory with correlated publisher"
                    + " confirms and publisher returns (spring.rabbitmq.publisher-confirm-type=correlated,"
                    + " spring.rabbitmq.publisher-returns=true)");
        }
        this.connectionFactory = connectionFactory;
        this.exchange = Objects.requireNonNull(exchange, "exchange");
        this.confirmTimeout = Objects.requireNonNull(confirmTimeout, "confirm timeout");
        this.confirmWait = Objects.requireNonNull(confirmWait, "confirm wait");
        this.template = new RabbitTemplate(connectionFactory);
        template.setMandatory(true);
        template.setReturnsCallback(this::returned);
        publishLatency = Timer.builder("tristate.outbox.publish.latency")
                .description("From publishing a batch of outbox events to its last confirm").register(meters);
        published = Counter.builder("tristate.outbox.published")
                .description("Outbox events handed to the broker").register(meters);
        acks = confirms(meters, "ack");
        nacks = confirms(meters, "nack");
        unconfirmed = confirms(meters, "none");
        returns = Counter.builder("tristate.outbox.returns")
                .description("Outbox events the broker returned as unroutable").register(meters);
    }

    private static Counter confirms(MeterRegistry meters, String result) {
        return Counter.builder("tristate.outbox.confirms").tag("result", result)
                .description("Publisher confirms of outbox events: ack, nack, or none in time").register(meters);
    }

    @Override
    public Map<EventId, PublishOutcome> publish(List<OutgoingEvent> events) {
        Map<EventId, PublishOutcome> outcomes = new HashMap<>();
        List<InFlight> inFlight = new ArrayList<>(events.size());
        long started = System.nanoTime();
        NotSent unreachable = connect();
        if (unreachable != null) {
            events.forEach(event -> outcomes.put(event.eventId(), unreachable));
            return outcomes;
        }
        // One channel for the whole batch, not one checkout of the channel cache per message.
        try {
            sendAll(events, outcomes, inFlight);
        } catch (AmqpException e) {
            // The channel could not be opened or closed under us: what was sent before may be in a queue.
            NotSent failure = new NotSent(outcomes.isEmpty() && inFlight.isEmpty() && e instanceof AmqpConnectException
                    ? OutcomeClass.RETRYABLE : OutcomeClass.UNKNOWN, "publish failed: " + describe(e));
            Set<EventId> sent = new HashSet<>();
            inFlight.forEach(message -> sent.add(message.eventId()));
            events.stream().filter(event -> !outcomes.containsKey(event.eventId()) && !sent.contains(event.eventId()))
                    .forEach(event -> outcomes.put(event.eventId(), failure));
        }
        long deadline = started + confirmTimeout.toNanos();
        for (InFlight message : inFlight) {
            outcomes.put(message.eventId(), awaitConfirm(message.correlation(), deadline));
        }
        if (!events.isEmpty()) {
            publishLatency.record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
        }
        return outcomes;
    }

    private void sendAll(List<OutgoingEvent> events, Map<EventId, PublishOutcome> outcomes, List<InFlight> inFlight) {
        template.invoke(operations -> {
            NotSent failedToConnect = null;
            for (OutgoingEvent event : events) {
                if (failedToConnect != null) {
                    outcomes.put(event.eventId(), failedToConnect);
                    continue;
                }
                CorrelationData correlation = new CorrelationData(event.eventId().toString());
                try {
                    operations.send(exchange, EventTopology.routingKey(event.eventType()), toMessage(event),
                            correlation);
                    published.increment();
                    if (confirmWait == ConfirmWait.EACH) {
                        outcomes.put(event.eventId(), awaitConfirm(correlation,
                                System.nanoTime() + confirmTimeout.toNanos()));
                    } else {
                        inFlight.add(new InFlight(event.eventId(), correlation));
                    }
                } catch (AmqpConnectException | AmqpAuthenticationException e) {
                    // No connection could be opened: nothing of this or the rest of the batch reached the broker.
                    failedToConnect = new NotSent(OutcomeClass.RETRYABLE, "broker unreachable: " + describe(e));
                    outcomes.put(event.eventId(), failedToConnect);
                } catch (AmqpException e) {
                    outcomes.put(event.eventId(), new NotSent(OutcomeClass.UNKNOWN, "publish failed: "
                            + describe(e)));
                }
            }
            return null;
        });
    }

    /**
     * Opens (or reuses) the connection before anything is sent, so that a broker that is down, or refuses the
     * connection (credentials, virtual host limits), is told apart for certain from a failure in the middle of a
     * batch: in the first case nothing was sent; in the second, some messages may be in a queue.
     */
    private NotSent connect() {
        try (Connection connection = connectionFactory.createConnection()) {
            return connection.isOpen() ? null
                    : new NotSent(OutcomeClass.RETRYABLE, "broker unreachable: the connection closed at once");
        } catch (AmqpException e) {
            return new NotSent(OutcomeClass.RETRYABLE, "broker unreachable: " + describe(e));
        }
    }

    static Message toMessage(OutgoingEvent event) {
        MessageProperties properties = new MessageProperties();
        properties.setMessageId(event.eventId().toString());
        properties.setType(event.eventType());
        properties.setHeader(TENANT_HEADER, event.tenantId().value());
        properties.setContentType(MessageProperties.CONTENT_TYPE_JSON);
        properties.setContentEncoding(StandardCharsets.UTF_8.name());
        properties.setDeliveryMode(MessageDeliveryMode.PERSISTENT);
        return new Message(event.payload().getBytes(StandardCharsets.UTF_8), properties);
    }

    private PublishOutcome awaitConfirm(CorrelationData correlation, long deadline) {
        Confirm confirm;
        try {
            confirm = correlation.getFuture().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            unconfirmed.increment();
            return new NotSent(OutcomeClass.UNKNOWN, "no publisher confirm within " + confirmTimeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            unconfirmed.increment();
            return new NotSent(OutcomeClass.UNKNOWN, "interrupted while waiting for the publisher confirm");
        } catch (ExecutionException e) {
            unconfirmed.increment();
            return new NotSent(OutcomeClass.UNKNOWN, "publisher confirm failed: " + describe(e));
        }
        (confirm.ack() ? acks : nacks).increment();
        ReturnedMessage returned = correlation.getReturned();
        if (returned != null) {
            return new NotSent(OutcomeClass.DEFINITE, "returned by the broker: " + describe(returned));
        }
        if (confirm.ack()) {
            return SENT;
        }
        if (confirm.reason() == null) {
            return new NotSent(OutcomeClass.DEFINITE, "nacked by the broker (unroutable, or refused)");
        }
        return new NotSent(OutcomeClass.UNKNOWN, "channel closed before the confirm: " + confirm.reason());
    }

    private void returned(ReturnedMessage returned) {
        returns.increment();
        LOG.warn("Outbox event {} of type {} was returned by the broker: {}",
                returned.getMessage().getMessageProperties().getMessageId(),
                returned.getMessage().getMessageProperties().getType(), describe(returned));
    }

    private static String describe(ReturnedMessage returned) {
        return returned.getReplyCode() + " " + returned.getReplyText() + " (exchange " + returned.getExchange()
                + ", routing key " + returned.getRoutingKey() + ")";
    }

    private static String describe(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String outer = e.getClass().getSimpleName() + ": " + e.getMessage();
        return root == e ? outer : outer + " (" + root.getClass().getSimpleName() + ": " + root.getMessage() + ")";
    }

    /** Stops the template's callbacks; the connection factory belongs to its owner. */
    public void close() {
        template.destroy();
    }

    private record InFlight(EventId eventId, CorrelationData correlation) {
    }
}
