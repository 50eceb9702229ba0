package dev.tristate.benchmark.peer;

import static dev.tristate.benchmark.Report.say;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import dev.tristate.benchmark.Settings;
import java.io.IOException;
import java.util.concurrent.TimeUnit;

/** The broker's own client, counting and purging the two systems' queues between phases. */
final class Queues implements AutoCloseable {

    private final Connection connection;
    private Channel admin;

    Queues(Settings settings) throws Exception {
        connection = settings.rabbitConnection("tristate-peer-benchmark");
        admin = connection.createChannel();
    }

    /** The messages {@code queue} holds now (a passive declare, which costs the broker next to nothing). */
    long depth(String queue) throws IOException {
        try {
            return admin.queueDeclarePassive(queue).getMessageCount();
        } catch (IOException missing) {
            // The broker closes the channel when the queue is not there (yet): open another for the next question.
            admin = connection.createChannel();
            throw missing;
        }
    }

    void purge(String queue) throws IOException {
        admin.queuePurge(queue);
    }

    /** Whether {@code queue} holds exactly {@code expected} messages (then purged); reports a difference. */
    boolean expectAndPurge(String queue, long expected, String phase) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        long count;
        do {
            count = depth(queue);
            if (count >= expected) {
                break;
            }
            Thread.sleep(100);
        } while (System.nanoTime() < deadline);
        purge(queue);
        if (count != expected) {
            say("  " + phase + ": the queue " + queue + " held " + count + " messages, expected " + expected);
            return false;
        }
        return true;
    }

    @Override
    public void close() throws IOException {
        connection.close();
    }
}
