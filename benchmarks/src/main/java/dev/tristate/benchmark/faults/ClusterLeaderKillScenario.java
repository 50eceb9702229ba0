package dev.tristate.benchmark.faults;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * {@code rabbit-cluster}: a RabbitMQ cluster of three nodes of the command's own ({@link RabbitCluster}), the
 * instance connected to all of them ({@code spring.rabbitmq.addresses}), its queue {@code tristate.entitlements} a
 * quorum queue on the cluster. Under continuous load, so that the relay publishes and the consumer drains all the
 * time, the node that leads the queue is SIGKILLed; the scenario waits for a new leader and for the consumer to be
 * back on the queue, then restarts the killed node, which rejoins as a follower, before the next kill. 4 kills, 2 in
 * the short form. The invariants then show whether an acknowledged message was lost or doubled.
 */
final class ClusterLeaderKillScenario implements FaultScenario {

    static final String QUEUE = "tristate.entitlements";
    private static final String VHOST = "tristate-faults";

    @Override
    public String name() {
        return "rabbit-cluster";
    }

    @Override
    public String description() {
        return "3-node RabbitMQ cluster, quorum queue; SIGKILL the node leading it mid-drain, restart it, again";
    }

    @Override
    public void run(FaultContext context) throws Exception {
        int kills = context.isShort() ? 2 : 4;
        RabbitCluster cluster = RabbitCluster.start(3);
        context.onClose(cluster);
        cluster.createVhost(VHOST);
        context.say("cluster " + cluster.runningNodes() + " at " + cluster.addresses());
        RabbitClusterNode first = cluster.nodes().get(0);
        context.useBroker(new FaultBroker("127.0.0.1", first.amqpPort(), "guest", "guest", VHOST),
                queue -> cluster.messages(VHOST, queue));
        FaultInstance app = context.newInstance("app-1", context.jdbcUrl(),
                List.of("--spring.rabbitmq.addresses=" + cluster.addresses()));
        app.start();
        RabbitClusterNode leader = cluster.awaitLeader(VHOST, QUEUE, null, Duration.ofSeconds(60));
        context.say("instance up on port " + app.port() + "; " + QUEUE + " is a quorum queue led by "
                + leader.name());
        FaultLoad load = context.startLoad(app.baseUrl(), 6);
        Thread.sleep(8_000);
        for (int k = 1; k <= kills; k++) {
            Thread.sleep(3_000 + context.random().nextInt(5_000));
            RabbitCluster.QueueState before = cluster.queueState(VHOST, QUEUE);
            leader = cluster.leaderOf(VHOST, QUEUE).orElseThrow(() -> new IllegalStateException(QUEUE
                    + " has no leader before the kill"));
            long killedAt = System.nanoTime();
            leader.kill();
            context.faultInjected("SIGKILL of the queue's leader");
            RabbitClusterNode next = cluster.awaitLeader(VHOST, QUEUE, leader, Duration.ofSeconds(60));
            double newLeaderSeconds = (System.nanoTime() - killedAt) / 1e9;
            RabbitCluster.QueueState resumed = awaitConsumer(cluster, Duration.ofSeconds(90));
            double consumerSeconds = (System.nanoTime() - killedAt) / 1e9;
            context.say(String.format(Locale.ROOT, "kill %d/%d: %s led %s with %d messages and %d consumers;"
                            + " new leader %s after %.2f s, consumer back after %.1f s (%d messages); %d acknowledged"
                            + " so far", k, kills, leader.name(), QUEUE, before.messages(), before.consumers(),
                    next.name(), newLeaderSeconds, consumerSeconds, resumed.messages(), load.acknowledged().size()));
            long restartAt = System.nanoTime();
            leader.restart();
            context.say(String.format(Locale.ROOT, "%s restarted and rejoined in %.1f s; running: %s", leader.name(),
                    (System.nanoTime() - restartAt) / 1e9, cluster.runningNodes()));
        }
        Thread.sleep(5_000);
    }

    /** Waits until a consumer is on the queue again (the instance's, after it reconnected). */
    private static RabbitCluster.QueueState awaitConsumer(RabbitCluster cluster, Duration within) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        String last = "not listed";
        while (true) {
            try {
                RabbitCluster.QueueState state = cluster.queueState(VHOST, QUEUE);
                if (state.consumers() > 0) {
                    return state;
                }
                last = state.toString();
            } catch (IllegalArgumentException notListed) {
                // still electing a leader: the survivors may leave the queue out of their list meanwhile
                last = notListed.getMessage();
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("no consumer on " + QUEUE + " " + within.toSeconds()
                        + " s after its leader was killed: " + last);
            }
            Thread.sleep(250);
        }
    }
}
