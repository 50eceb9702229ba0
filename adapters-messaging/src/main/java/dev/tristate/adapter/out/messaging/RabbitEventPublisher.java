package dev.tristate.adapter.out.messaging;

import com.rabbitmq.client.AMQP;
import dev.tristate.application.outbox.port.out.EventPublisher;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.outcome.OutcomeClass;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.springframework.amqp.core.MessageDeliveryMode;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.rabbit.connection.ConnectionFactory;

/**
 * Publishes outbox events with the RabbitMQ Java client: persistent messages, mandatory (an unroutable message comes
 * back), each correlated with its publisher confirm by the channel's publish sequence number. The whole batch is sent
 * first and its confirms are awaited after, against one deadline, so a batch costs one round trip, not one per
 * message.
 *
 * <p>"Sent" means acked AND not returned. RabbitMQ delivers the return of an unroutable message first and then acks
 * it; the embedded Qpid broker nacks it first and returns it after. Per event:
 * <ul>
 *   <li>acked and not returned: {@link EventPublisher#SENT};</li>
 *   <li>returned, or nacked by the broker: {@link OutcomeClass#DEFINITE}, the broker said no;</li>
 *   <li>the channel closed or shut down (its connection lost, or the broker closed it) while the confirm was
 *       outstanding, no confirm before the deadline, or a send that failed in the middle of a batch:
 *       {@link OutcomeClass#UNKNOWN}, the message may be in a queue already;</li>
 *   <li>no connection could be opened before anything was sent (broker down, credentials, virtual host refused,
 *       topology not declared): {@link OutcomeClass#RETRYABLE} for the whole batch, nothing reached the broker.</li>
 * </ul>
 *
 * <p>The connection and the confirm-mode channels are {@link ConfirmChannels}'; a channel is used by one batch at a
 * time. On a channel, a return (matched by message id) is recorded on its message before that message's confirm
 * completes it, so the thread awaiting the confirm sees both ({@link OutstandingConfirms}); the channel's shutdown
 * completes every confirm still outstanding on it as "unknown: channel closed" ({@link ConfirmOutcomes}).
 */
public class RabbitEventPublisher implements EventPublisher {

    /** The message header naming the event's tenant. */
    public static final String TENANT_HEADER = "tenant_id";
    /** When the event was committed to the outbox (ISO-8601): consumers time the event's way to them from it. */
    public static final String CREATED_AT_HEADER = "created_at";
    /** W3C Trace Context: the trace of the work that wrote the event, which the consumer continues. */
    public static final String TRACEPARENT_HEADER = "traceparent";

    private final ConfirmChannels channels;
    private final ConfirmOutcomes confirmOutcomes;
    private final Timer publishLatency;
    private final Counter published;
    private final DistributionSummary batches;

    /**
     * The connection factory must have publisher confirms and returns turned on, as the application configures it
     * (docs/outbox-relay.md). This publisher turns confirms on for its own channels and listens for returns itself,
     * so it would work without; the check stays as the contract of the relay's configuration, refusing a factory
     * set up for fire-and-forget publishing rather than relying on it silently.
     */
    public RabbitEventPublisher(ConnectionFactory connectionFactory, String exchange, Duration confirmTimeout,
                                MeterRegistry meters) {
        if (!connectionFactory.isPublisherConfirms() || !connectionFactory.isPublisherReturns()) {
            throw new IllegalStateException("the outbox relay needs a connection factory with correlated publisher"
                    + " confirms and publisher returns (spring.rabbitmq.publisher-confirm-type=correlated,"
                    + " spring.rabbitmq.publisher-returns=true)");
        }
        Counter returns = Counter.builder("tristate.outbox.returns")
                .description("Outbox events the broker returned as unroutable").register(meters);
        this.channels = new ConfirmChannels(connectionFactory, Objects.requireNonNull(exchange, "exchange"), returns);
        this.confirmOutcomes = new ConfirmOutcomes(Objects.requireNonNull(confirmTimeout, "confirm timeout"), meters);
        publishLatency = Timer.builder("tristate.outbox.publish.latency")
                .description("From publishing a batch of outbox events to its last confirm").register(meters);
        published = Counter.builder("tristate.outbox.published")
                .description("Outbox events handed to the broker").register(meters);
        batches = DistributionSummary.builder("tristate.outbox.batch.size").baseUnit("events")
                .description("Batches of outbox events the relay published, by their number of events")
                .register(meters);
    }

    @Override
    public Map<EventId, PublishOutcome> publish(List<OutgoingEvent> events) {
        Map<EventId, PublishOutcome> outcomes = new HashMap<>();
        if (events.isEmpty()) {
            return outcomes;
        }
        batches.record(events.size());
        long started = System.nanoTime();
        com.rabbitmq.client.Connection connection;
        try {
            connection = channels.connect();
        } catch (BrokerUnreachable e) {
            allOf(events, new NotSent(OutcomeClass.RETRYABLE, e.getMessage()), outcomes);
            return outcomes;
        }
        ConfirmChannel channel;
        try {
            channel = channels.channelOn(connection);
        } catch (BrokerUnreachable e) {
            // The connection went between connect() and opening the channel, and cannot be opened again.
            allOf(events, new NotSent(OutcomeClass.RETRYABLE, e.getMessage()), outcomes);
            publishLatency.record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
            return outcomes;
        } catch (IOException | RuntimeException e) {
            // Nothing was sent, but the connection is there: as spring-rabbit opening its channel would have it,
            // only a connection that cannot be opened is retryable without end; a channel that cannot be opened is not.
            allOf(events, new NotSent(OutcomeClass.UNKNOWN, "publish failed: " + Causes.describe(e)), outcomes);
            publishLatency.record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
            return outcomes;
        }
        try {
            List<PendingConfirm> inFlight = send(channel, events, outcomes);
            long deadline = confirmOutcomes.deadline(started);
            for (PendingConfirm pending : inFlight) {
                outcomes.put(pending.eventId, confirmOutcomes.await(channel, pending, deadline));
            }
        } finally {
            channels.release(channel);
        }
        publishLatency.record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
        return outcomes;
    }

    /** Sends every event; one whose send failed gets its outcome at once, the others wait for their confirms. */
    private List<PendingConfirm> send(ConfirmChannel channel, List<OutgoingEvent> events,
                                      Map<EventId, PublishOutcome> outcomes) {
        List<PendingConfirm> inFlight = new ArrayList<>(events.size());
        for (OutgoingEvent event : events) {
            try {
                inFlight.add(channel.publish(event));
            } catch (IOException | RuntimeException e) {
                // The channel closed under us, or the socket failed: this one may have gone out.
                outcomes.put(event.eventId(), new NotSent(OutcomeClass.UNKNOWN, "publish failed: "
                        + Causes.describe(e)));
                continue;
            }
            published.increment();
        }
        return inFlight;
    }

    private static void allOf(List<OutgoingEvent> events, NotSent outcome, Map<EventId, PublishOutcome> outcomes) {
        events.forEach(event -> outcomes.put(event.eventId(), outcome));
    }

    /** The message properties, as spring-rabbit's message converter wrote them (no correlation header). */
    static AMQP.BasicProperties properties(OutgoingEvent event) {
        return new AMQP.BasicProperties.Builder()
                .messageId(event.eventId().toString())
                .type(event.eventType())
                .headers(headers(event))
                .contentType(MessageProperties.CONTENT_TYPE_JSON)
                .contentEncoding(StandardCharsets.UTF_8.name())
                .deliveryMode(MessageDeliveryMode.toInt(MessageDeliveryMode.PERSISTENT))
                .priority(MessageProperties.DEFAULT_PRIORITY)
                .build();
    }

    private static Map<String, Object> headers(OutgoingEvent event) {
        // A HashMap, as spring-rabbit's converter has it: the same headers, written in the same order.
        Map<String, Object> headers = new HashMap<>();
        headers.put(TENANT_HEADER, event.tenantId().value());
        if (event.createdAt() != null) {
            headers.put(CREATED_AT_HEADER, event.createdAt().toString());
        }
        if (event.traceparent() != null) {
            headers.put(TRACEPARENT_HEADER, event.traceparent());
        }
        return headers;
    }

    /**
     * Closes this publisher's channels; a batch still waiting for confirms gets "unknown" for them. The connection
     * belongs to the connection factory and its owner. A batch published after this is not sent (retryable).
     */
    public void close() {
        channels.close();
    }
}
