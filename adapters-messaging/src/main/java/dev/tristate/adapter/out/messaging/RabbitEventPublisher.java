package dev.tristate.adapter.out.messaging;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ConfirmListener;
import com.rabbitmq.client.Return;
import com.rabbitmq.client.ShutdownSignalException;
import dev.tristate.application.outbox.port.out.EventPublisher;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.outcome.OutcomeClass;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.AmqpException;
import org.springframework.amqp.core.MessageDeliveryMode;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.rabbit.connection.Connection;
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
 * <p>The connection is the Spring {@link ConnectionFactory}'s, asked for before every batch, so its connection
 * management applies: a lost connection is opened again on demand and its connection listeners (the
 * {@link EventTopologyDeclarer}) run first. The channels are this publisher's own, opened on that connection's client
 * delegate in confirm mode and kept between batches (the factory's channel cache and its per-message proxying,
 * correlation bookkeeping and message conversion are bypassed). A channel is used by one thread at a time: a batch
 * takes an idle channel or opens one and gives it back when its confirms are in, so there are at most as many
 * channels as batches in flight at once (one per relay loop). A channel that closed, or belongs to a connection the
 * factory has since replaced, is dropped and a new one opened. The client library calls the confirm and return
 * listeners on the connection's thread, in the order the broker sent them: a return (matched by message id) is
 * recorded on its message before that message's confirm completes it, so the thread awaiting the confirm sees both.
 * The shutdown listener completes every confirm still outstanding on the channel as "unknown: channel closed".
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
    private final String exchange;
    private final Duration confirmTimeout;
    private final ConfirmWait confirmWait;
    private final Timer publishLatency;
    private final Counter published;
    private final Counter acks;
    private final Counter nacks;
    private final Counter unconfirmed;
    private final Counter returns;
    /** Channels no batch is using, the most recently used first. */
    private final Deque<ConfirmChannel> idle = new ConcurrentLinkedDeque<>();
    /** Every channel opened and not yet closed or dropped, idle or in use, for {@link #close()}. */
    private final Set<ConfirmChannel> channels = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    public RabbitEventPublisher(ConnectionFactory connectionFactory, String exchange, Duration confirmTimeout,
                                MeterRegistry meters) {
        this(connectionFactory, exchange, confirmTimeout, ConfirmWait.BATCH, meters);
    }

    /**
     * The connection factory must have publisher confirms and returns turned on, as the application configures it
     * (docs/outbox-relay.md). This publisher turns confirms on for its own channels and listens for returns itself,
     * so it would work without; the check stays as the contract of the relay's configuration, refusing a factory
     * set up for fire-and-forget publishing rather than relying on it silently.
     */
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
        if (events.isEmpty()) {
            return outcomes;
        }
        long started = System.nanoTime();
        com.rabbitmq.client.Connection connection;
        try {
            connection = connect();
        } catch (Unreachable e) {
            NotSent unreachable = new NotSent(OutcomeClass.RETRYABLE, e.getMessage());
            events.forEach(event -> outcomes.put(event.eventId(), unreachable));
            return outcomes;
        }
        ConfirmChannel channel;
        try {
            channel = channelOn(connection);
        } catch (Unreachable e) {
            // The connection went between connect() and opening the channel, and cannot be opened again.
            NotSent unreachable = new NotSent(OutcomeClass.RETRYABLE, e.getMessage());
            events.forEach(event -> outcomes.put(event.eventId(), unreachable));
            publishLatency.record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
            return outcomes;
        } catch (IOException | RuntimeException e) {
            // Nothing was sent, but the connection is there: as before (spring-rabbit opening its channel), only a
            // connection that cannot be opened is retryable without end; a channel that cannot be opened is not.
            NotSent failure = new NotSent(OutcomeClass.UNKNOWN, "publish failed: " + describe(e));
            events.forEach(event -> outcomes.put(event.eventId(), failure));
            publishLatency.record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
            return outcomes;
        }
        try {
            List<Pending> inFlight = new ArrayList<>(events.size());
            for (OutgoingEvent event : events) {
                Pending pending;
                try {
                    pending = channel.publish(event);
                } catch (IOException | RuntimeException e) {
                    // The channel closed under us, or the socket failed: this one may have gone out.
                    outcomes.put(event.eventId(), new NotSent(OutcomeClass.UNKNOWN, "publish failed: "
                            + describe(e)));
                    continue;
                }
                published.increment();
                if (confirmWait == ConfirmWait.EACH) {
                    outcomes.put(event.eventId(), awaitConfirm(channel, pending,
                            System.nanoTime() + confirmTimeout.toNanos()));
                } else {
                    inFlight.add(pending);
                }
            }
            long deadline = started + confirmTimeout.toNanos();
            for (Pending pending : inFlight) {
                outcomes.put(pending.eventId, awaitConfirm(channel, pending, deadline));
            }
        } finally {
            release(channel);
        }
        publishLatency.record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
        return outcomes;
    }

    /**
     * Opens (or reuses) the connection before anything is sent, so that a broker that is down, or refuses the
     * connection (credentials, virtual host limits, a topology that cannot be declared), is told apart for certain
     * from a failure in the middle of a batch: in the first case nothing was sent; in the second, some messages may
     * be in a queue.
     */
    private com.rabbitmq.client.Connection connect() {
        if (closed) {
            throw new Unreachable("not sent: the publisher is closed");
        }
        // Closing the factory's connection proxy gives it back (a no-op in the default channel cache mode); the
        // client connection under it stays open, and this publisher's channels on it are its own.
        try (Connection connection = connectionFactory.createConnection()) {
            if (!connection.isOpen()) {
                throw new Unreachable("broker unreachable: the connection closed at once");
            }
            return connection.getDelegate();
        } catch (AmqpException | IllegalStateException e) {
            throw new Unreachable("broker unreachable: " + describe(e));
        }
    }

    /** An idle channel on this connection, or a new one; opens the connection again if it went meanwhile. */
    private ConfirmChannel channelOn(com.rabbitmq.client.Connection connection) throws IOException {
        try {
            return takeOrOpen(connection);
        } catch (IOException | ShutdownSignalException e) {
            if (connection.isOpen()) {
                throw e;
            }
            // As spring-rabbit would when opening a channel: the connection is gone, so ask for a new one.
            return takeOrOpen(connect());
        }
    }

    private ConfirmChannel takeOrOpen(com.rabbitmq.client.Connection connection) throws IOException {
        ConfirmChannel channel;
        while ((channel = idle.pollFirst()) != null) {
            if (channel.usableOn(connection)) {
                return channel;
            }
            channel.close();
        }
        channel = new ConfirmChannel(connection);
        channels.add(channel);
        if (closed) {
            channel.close();
            throw new Unreachable("not sent: the publisher is closed");
        }
        return channel;
    }

    private void release(ConfirmChannel channel) {
        if (!closed && channel.usableOn(channel.connection)) {
            idle.offerFirst(channel);
        } else {
            channel.close();
        }
    }

    /** The message properties, as spring-rabbit's message converter wrote them (no correlation header). */
    static AMQP.BasicProperties properties(OutgoingEvent event) {
        return properties(event, event.eventId().toString());
    }

    private static AMQP.BasicProperties properties(OutgoingEvent event, String messageId) {
        return new AMQP.BasicProperties.Builder()
                .messageId(messageId)
                .type(event.eventType())
                .headers(Map.of(TENANT_HEADER, event.tenantId().value()))
                .contentType(MessageProperties.CONTENT_TYPE_JSON)
                .contentEncoding(StandardCharsets.UTF_8.name())
                .deliveryMode(MessageDeliveryMode.toInt(MessageDeliveryMode.PERSISTENT))
                .priority(MessageProperties.DEFAULT_PRIORITY)
                .build();
    }

    private PublishOutcome awaitConfirm(ConfirmChannel channel, Pending pending, long deadline) {
        Confirmation confirmation;
        try {
            confirmation = pending.confirmation.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            channel.forget(pending);
            unconfirmed.increment();
            return new NotSent(OutcomeClass.UNKNOWN, "no publisher confirm within " + confirmTimeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            channel.forget(pending);
            unconfirmed.increment();
            return new NotSent(OutcomeClass.UNKNOWN, "interrupted while waiting for the publisher confirm");
        } catch (ExecutionException e) {
            channel.forget(pending);
            unconfirmed.increment();
            return new NotSent(OutcomeClass.UNKNOWN, "publisher confirm failed: " + describe(e));
        }
        // A channel that closed counts as a nack, as spring-rabbit's generated nack did.
        (confirmation.ack() ? acks : nacks).increment();
        String returned = pending.returned;
        if (returned != null) {
            return new NotSent(OutcomeClass.DEFINITE, "returned by the broker: " + returned);
        }
        if (confirmation.ack()) {
            return SENT;
        }
        if (confirmation.closedReason() == null) {
            return new NotSent(OutcomeClass.DEFINITE, "nacked by the broker (unroutable, or refused)");
        }
        return new NotSent(OutcomeClass.UNKNOWN, "channel closed before the confirm: " + confirmation.closedReason());
    }

    private static String describe(Return returned) {
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

    /**
     * Closes this publisher's channels; a batch still waiting for confirms gets "unknown" for them. The connection
     * belongs to the connection factory and its owner. A batch published after this is not sent (retryable).
     */
    public void close() {
        closed = true;
        idle.clear();
        channels.forEach(ConfirmChannel::close);
    }

    /**
     * One confirm-mode channel and the confirms outstanding on it. Only the thread holding the channel publishes; the
     * connection's thread runs the listeners (and a closing thread the shutdown listener).
     */
    private final class ConfirmChannel implements ConfirmListener {

        final com.rabbitmq.client.Connection connection;
        private final Channel channel;
        /** Published and not yet confirmed, by publish sequence number. */
        private final Map<Long, Pending> outstanding = new ConcurrentHashMap<>();
        /**
         * Every sequence number below it has been confirmed, so that a "multiple" confirm walks only the numbers it
         * may still cover; the connection's thread only.
         */
        private volatile long confirmedBelow = 1;
        private volatile boolean shutDown;

        ConfirmChannel(com.rabbitmq.client.Connection connection) throws IOException {
            this.connection = connection;
            Channel opened = connection.createChannel();
            if (opened == null) {
                throw new IOException("no channel available on the connection (channel_max reached)");
            }
            channel = opened;
            try {
                // Called at once if the channel is already shut down.
                channel.addShutdownListener(this::shutdownCompleted);
                channel.addConfirmListener(this);
                channel.addReturnListener(this::returned);
                channel.confirmSelect();
            } catch (IOException | RuntimeException e) {
                close();
                throw e;
            }
        }

        boolean usableOn(com.rabbitmq.client.Connection current) {
            return !shutDown && channel.isOpen() && connection == current;
        }

        Pending publish(OutgoingEvent event) throws IOException {
            Pending pending = new Pending(channel.getNextPublishSeqNo(), event.eventId());
            // Before the publish: its confirm may come before basicPublish returns.
            outstanding.put(pending.seqNo, pending);
            try {
                channel.basicPublish(exchange, EventTopology.routingKey(event.eventType()), true,
                        properties(event, pending.messageId), event.payload().getBytes(StandardCharsets.UTF_8));
            } catch (IOException | RuntimeException e) {
                outstanding.remove(pending.seqNo);
                throw e;
            }
            return pending;
        }

        /** A confirm no one waits for any more (too late): a confirm after this finds nothing. */
        void forget(Pending pending) {
            outstanding.remove(pending.seqNo, pending);
        }

        @Override
        public void handleAck(long deliveryTag, boolean multiple) {
            confirmed(deliveryTag, multiple, Confirmation.ACK);
        }

        @Override
        public void handleNack(long deliveryTag, boolean multiple) {
            confirmed(deliveryTag, multiple, Confirmation.NACK);
        }

        private void confirmed(long deliveryTag, boolean multiple, Confirmation confirmation) {
            if (!multiple) {
                complete(outstanding.remove(deliveryTag), confirmation);
                if (deliveryTag == confirmedBelow) {
                    confirmedBelow = deliveryTag + 1;
                }
                return;
            }
            // Every sequence number up to the tag; those confirmed one by one before are gone from the map already.
            long from = confirmedBelow;
            for (long seqNo = from; seqNo <= deliveryTag; seqNo++) {
                complete(outstanding.remove(seqNo), confirmation);
            }
            confirmedBelow = Math.max(from, deliveryTag + 1);
        }

        private static void complete(Pending pending, Confirmation confirmation) {
            if (pending != null) {
                pending.confirmation.complete(confirmation);
            }
        }

        /** RabbitMQ: before the message's ack, on the same thread; Qpid: after its nack, when it is settled anyway. */
        private void returned(Return returned) {
            returns.increment();
            String messageId = returned.getProperties().getMessageId();
            String description = describe(returned);
            LOG.warn("Outbox event {} of type {} was returned by the broker: {}", messageId,
                    returned.getProperties().getType(), description);
            // A return names no sequence number: the oldest unconfirmed publish of that message id is the one.
            Pending match = null;
            for (Pending pending : outstanding.values()) {
                if (pending.messageId.equals(messageId) && (match == null || pending.seqNo < match.seqNo)) {
                    match = pending;
                }
            }
            if (match != null) {
                match.returned = description;
            }
        }

        private void shutdownCompleted(ShutdownSignalException cause) {
            shutDown = true;
            Confirmation closedChannel = Confirmation.closed(cause.getMessage());
            for (Iterator<Pending> it = outstanding.values().iterator(); it.hasNext(); ) {
                complete(it.next(), closedChannel);
                it.remove();
            }
        }

        void close() {
            channels.remove(this);
            if (!channel.isOpen()) {
                return;
            }
            try {
                channel.close();
            } catch (IOException | TimeoutException | RuntimeException e) {
                LOG.debug("Closing a publisher channel failed: {}", describe(e));
            }
        }
    }

    /** A published message waiting for its confirm. */
    private static final class Pending {
        final long seqNo;
        final EventId eventId;
        final String messageId;
        final CompletableFuture<Confirmation> confirmation = new CompletableFuture<>();
        /** Set by the return listener before the confirm completes (RabbitMQ), so the awaiting thread sees it. */
        volatile String returned;

        Pending(long seqNo, EventId eventId) {
            this.seqNo = seqNo;
            this.eventId = eventId;
            this.messageId = eventId.toString();
        }
    }

    /** The broker's ack or nack, or the channel's close while the confirm was outstanding (with its reason). */
    private record Confirmation(boolean ack, String closedReason) {
        static final Confirmation ACK = new Confirmation(true, null);
        static final Confirmation NACK = new Confirmation(false, null);

        static Confirmation closed(String reason) {
            return new Confirmation(false, reason == null ? "channel closed" : reason);
        }
    }

    /** No connection to publish on (or the publisher is closed): nothing of the batch reached the broker. */
    private static final class Unreachable extends RuntimeException {
        Unreachable(String reason) {
            super(reason, null, false, false);
        }
    }
}
