package dev.tristate.benchmark;

import static dev.tristate.benchmark.Report.say;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The relay benchmark's own client of the broker (RabbitMQ's Java client): raw publishing, the ceiling the relay is
 * measured against, and counting and purging the queue between phases.
 */
final class RelayQueue implements AutoCloseable {

    private static final String EXCHANGE = "tristate.events";
    private static final String QUEUE = "tristate.entitlements";
    private static final String EVENT_TYPE = OutboxRows.EVENT_TYPE;

    private final Connection connection;
    private final Channel admin;

    RelayQueue(Settings settings) throws Exception {
        connection = settings.rabbitConnection("tristate-relay-benchmark");
        admin = connection.createChannel();
        admin.queueDeclarePassive(QUEUE);
    }

    /** The messages the queue holds now. */
    long depth() throws Exception {
        return admin.queueDeclarePassive(QUEUE).getMessageCount();
    }

    void purge() throws Exception {
        admin.queuePurge(QUEUE);
    }

    /** Whether the queue holds exactly {@code expected} messages (then purged); reports a difference. */
    boolean expectAndPurge(long expected, String phase) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        long count;
        do {
            count = admin.queueDeclarePassive(QUEUE).getMessageCount();
            if (count >= expected) {
                break;
            }
            Thread.sleep(100);
        } while (System.nanoTime() < deadline);
        admin.queuePurge(QUEUE);
        if (count != expected) {
            say("  " + phase + ": the queue held " + count + " messages, expected " + expected);
            return false;
        }
        return true;
    }

    /** Persistent, mandatory, message id = event id; confirms awaited after every batch. */
    RelayBenchmark.Drain publishRaw(List<String[]> events, int batch, String name) throws Exception {
        AtomicInteger returned = new AtomicInteger();
        Load.Cpu cpu = new Load.Cpu(new long[0]);
        Load.Cpu.Sample before = cpu.sample();
        try (Channel channel = connection.createChannel()) {
            channel.confirmSelect();
            channel.addReturnListener(r -> returned.incrementAndGet());
            long start = System.nanoTime();
            int inBatch = 0;
            for (String[] event : events) {
                AMQP.BasicProperties properties = new AMQP.BasicProperties.Builder()
                        .messageId(event[0]).type(EVENT_TYPE).contentType("application/json")
                        .contentEncoding("UTF-8").deliveryMode(2)
                        .headers(Map.of("tenant_id", RelayBenchmark.TENANT)).build();
                channel.basicPublish(EXCHANGE, EVENT_TYPE, true, properties,
                        event[2].getBytes(StandardCharsets.UTF_8));
                if (++inBatch == batch) {
                    channel.waitForConfirmsOrDie(10_000);
                    inBatch = 0;
                }
            }
            if (inBatch > 0) {
                channel.waitForConfirmsOrDie(10_000);
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            if (returned.get() > 0) {
                throw new IllegalStateException(returned.get() + " raw messages were returned as unroutable");
            }
            return new RelayBenchmark.Drain(name, events.size(), events.size(), seconds,
                    cpu.since(before, events.size()), true);
        }
    }

    @Override
    public void close() throws Exception {
        connection.close();
    }
}
