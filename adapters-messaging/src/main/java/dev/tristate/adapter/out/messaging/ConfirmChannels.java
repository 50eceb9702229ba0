package dev.tristate.adapter.out.messaging;

import com.rabbitmq.client.ShutdownSignalException;
import io.micrometer.core.instrument.Counter;
import java.io.IOException;
import java.util.Deque;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import org.springframework.amqp.AmqpException;
import org.springframework.amqp.rabbit.connection.Connection;
import org.springframework.amqp.rabbit.connection.ConnectionFactory;

/**
 * The publisher's connection and its confirm-mode channels. The connection is the Spring {@link ConnectionFactory}'s,
 * asked for before every batch, so its connection management applies: a lost connection is opened again on demand
 * and its connection listeners (the {@link EventTopologyDeclarer}) run first. The channels are the publisher's own,
 * opened on that connection's client delegate and kept between batches (the factory's channel cache and its
 * per-message proxying, correlation bookkeeping and message conversion are bypassed). A batch takes an idle channel
 * or opens one and gives it back when its confirms are in, so there are at most as many channels as batches in
 * flight at once (one per relay loop). A channel that closed, or belongs to a connection the factory has since
 * replaced, is dropped and a new one opened.
 */
final class ConfirmChannels {

    private final ConnectionFactory connectionFactory;
    private final String exchange;
    private final Counter returns;
    /** Channels no batch is using, the most recently used first. */
    private final Deque<ConfirmChannel> idle = new ConcurrentLinkedDeque<>();
    /** Every channel opened and not yet closed or dropped, idle or in use, for {@link #close()}. */
    private final Set<ConfirmChannel> channels = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    ConfirmChannels(ConnectionFactory connectionFactory, String exchange, Counter returns) {
        this.connectionFactory = connectionFactory;
        this.exchange = exchange;
        this.returns = returns;
    }

    /**
     * Opens (or reuses) the connection before anything is sent, so that a broker that is down, or refuses the
     * connection (credentials, virtual host limits, a topology that cannot be declared), is told apart for certain
     * from a failure in the middle of a batch: in the first case nothing was sent; in the second, some messages may
     * be in a queue.
     *
     * @throws BrokerUnreachable if no connection can be had, or the publisher is closed
     */
    com.rabbitmq.client.Connection connect() {
        if (closed) {
            throw new BrokerUnreachable("not sent: the publisher is closed");
        }
        // Closing the factory's connection proxy gives it back (a no-op in the default channel cache mode); the
        // client connection under it stays open, and the channels on it are the publisher's own.
        try (Connection connection = connectionFactory.createConnection()) {
            if (!connection.isOpen()) {
                throw new BrokerUnreachable("broker unreachable: the connection closed at once");
            }
            return connection.getDelegate();
        } catch (AmqpException | IllegalStateException e) {
            throw new BrokerUnreachable("broker unreachable: " + Causes.describe(e));
        }
    }

    /**
     * An idle channel on this connection, or a new one; opens the connection again if it went meanwhile.
     *
     * @throws BrokerUnreachable if the connection went and cannot be opened again, or the publisher is closed
     * @throws IOException if the connection is there but no channel can be opened on it
     */
    ConfirmChannel channelOn(com.rabbitmq.client.Connection connection) throws IOException {
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
        channel = new ConfirmChannel(connection, exchange, returns, channels::remove);
        channels.add(channel);
        if (closed) {
            channel.close();
            throw new BrokerUnreachable("not sent: the publisher is closed");
        }
        return channel;
    }

    /** Gives a channel back once its batch's confirms are in. */
    void release(ConfirmChannel channel) {
        if (!closed && channel.usableOn(channel.connection())) {
            idle.offerFirst(channel);
        } else {
            channel.close();
        }
    }

    /** Closes every channel, idle or in use; nothing is opened after. */
    void close() {
        closed = true;
        idle.clear();
        channels.forEach(ConfirmChannel::close);
    }
}
