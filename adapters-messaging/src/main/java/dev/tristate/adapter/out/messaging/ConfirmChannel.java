package dev.tristate.adapter.out.messaging;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ConfirmListener;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.Return;
import com.rabbitmq.client.ShutdownSignalException;
import dev.tristate.application.outbox.port.out.EventPublisher.OutgoingEvent;
import io.micrometer.core.instrument.Counter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One channel in confirm mode, mandatory publishing on it, and its listeners. Only the thread holding the channel
 * publishes; the client library calls the confirm and return listeners on the connection's thread, in the order the
 * broker sent them (and a closing thread the shutdown listener), and {@link OutstandingConfirms} correlates them.
 */
final class ConfirmChannel implements ConfirmListener {

    /** The publisher's category: its operators configure and read the returns' warnings under it. */
    private static final Logger LOG = LoggerFactory.getLogger(RabbitEventPublisher.class);

    private final Connection connection;
    private final Channel channel;
    private final String exchange;
    private final Counter returns;
    private final Consumer<ConfirmChannel> onClose;
    private final OutstandingConfirms outstanding = new OutstandingConfirms();
    private volatile boolean shutDown;

    ConfirmChannel(Connection connection, String exchange, Counter returns, Consumer<ConfirmChannel> onClose)
            throws IOException {
        this.connection = connection;
        this.exchange = exchange;
        this.returns = returns;
        this.onClose = onClose;
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

    Connection connection() {
        return connection;
    }

    boolean usableOn(Connection current) {
        return !shutDown && channel.isOpen() && connection == current;
    }

    PendingConfirm publish(OutgoingEvent event) throws IOException {
        PendingConfirm pending = new PendingConfirm(channel.getNextPublishSeqNo(), event.eventId());
        outstanding.add(pending);
        try {
            channel.basicPublish(exchange, EventTopology.routingKey(event.eventType()), true,
                    RabbitEventPublisher.properties(event), event.payload().getBytes(StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            outstanding.remove(pending);
            throw e;
        }
        return pending;
    }

    /** A confirm no one waits for any more (too late): a confirm after this finds nothing. */
    void forget(PendingConfirm pending) {
        outstanding.forget(pending);
    }

    @Override
    public void handleAck(long deliveryTag, boolean multiple) {
        outstanding.confirmed(deliveryTag, multiple, Confirmation.ACK);
    }

    @Override
    public void handleNack(long deliveryTag, boolean multiple) {
        outstanding.confirmed(deliveryTag, multiple, Confirmation.NACK);
    }

    /** RabbitMQ: before the message's ack, on the same thread; Qpid: after its nack, when it is settled anyway. */
    private void returned(Return returned) {
        returns.increment();
        String messageId = returned.getProperties().getMessageId();
        String description = returned.getReplyCode() + " " + returned.getReplyText() + " (exchange "
                + returned.getExchange() + ", routing key " + returned.getRoutingKey() + ")";
        LOG.warn("Outbox event {} of type {} was returned by the broker: {}", messageId,
                returned.getProperties().getType(), description);
        outstanding.returned(messageId, description);
    }

    private void shutdownCompleted(ShutdownSignalException cause) {
        shutDown = true;
        outstanding.closed(cause.getMessage());
    }

    void close() {
        onClose.accept(this);
        if (!channel.isOpen()) {
            return;
        }
        try {
            channel.close();
        } catch (IOException | TimeoutException | RuntimeException e) {
            LOG.debug("Closing a publisher channel failed: {}", Causes.describe(e));
        }
    }
}
