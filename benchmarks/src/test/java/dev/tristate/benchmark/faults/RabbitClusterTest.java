package dev.tristate.benchmark.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.client.Address;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.GetResponse;
import com.rabbitmq.client.MessageProperties;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A real three-node cluster on this machine; skipped where RabbitMQ is not installed. */
class RabbitClusterTest {

    private static final String VHOST = "faults";
    private static RabbitCluster cluster;

    @BeforeAll
    static void startCluster() throws Exception {
        Assumptions.assumeTrue(RabbitCluster.installed(), "skipped: RabbitMQ is not installed");
        cluster = RabbitCluster.start(3);
        cluster.createVhost(VHOST);
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            List<RabbitClusterNode> nodes = cluster.nodes();
            cluster.close();
            assertThat(nodes).noneMatch(RabbitClusterNode::isRunning);
        }
    }

    @Test
    void theNodesAreJoinedIntoOneClusterApartFromTheMachinesNode() throws Exception {
        Set<String> names = cluster.nodes().stream().map(RabbitClusterNode::name).collect(Collectors.toSet());
        assertThat(cluster.runningNodes()).isEqualTo(names);
        assertThat(names).noneMatch(name -> name.startsWith("rabbit@"));
        assertThat(cluster.nodes()).extracting(RabbitClusterNode::amqpPort)
                .doesNotContain(5672).doesNotHaveDuplicates();
        assertThat(cluster.addresses().split(",")).hasSize(3);
    }

    @Test
    void killingTheLeaderOfAQuorumQueueLosesNoConfirmedMessageAndTheNodeRejoinsOnRestart() throws Exception {
        String queue = "leader-kill";
        Set<String> published = new HashSet<>();
        try (Connection connection = connect(); Channel channel = connection.createChannel()) {
            channel.queueDeclare(queue, true, false, false, Map.of("x-queue-type", "quorum"));
            channel.confirmSelect();
            for (int i = 0; i < 500; i++) {
                String body = "m-" + i;
                channel.basicPublish("", queue, MessageProperties.PERSISTENT_BASIC,
                        body.getBytes(StandardCharsets.UTF_8));
                published.add(body);
            }
            channel.waitForConfirmsOrDie(30_000);
        }
        RabbitClusterNode leader = cluster.leaderOf(VHOST, queue).orElseThrow();
        assertThat(awaitMessages(queue, 500)).isEqualTo(new RabbitCluster.QueueState(leader.name(), 500, 0));

        leader.kill();

        try {
            assertThat(leader.isRunning()).isFalse();
            RabbitClusterNode next = cluster.awaitLeader(VHOST, queue, leader, Duration.ofSeconds(30));
            assertThat(next).isNotSameAs(leader);
            assertThat(drain(queue, published.size())).isEqualTo(published);
        } finally {
            leader.restart();
        }

        assertThat(cluster.runningNodes()).contains(leader.name());
        assertThat(cluster.leaderOf(VHOST, queue)).isPresent();
    }

    @Test
    void askingForTheLeaderOfAQueueThatIsNotThereSaysSo() {
        assertThatThrownBy(() -> cluster.leaderOf(VHOST, "no-such-queue"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no queue no-such-queue");
    }

    @Test
    void aQueueThatIsNotThereHasNoMessageCountAndNoState() throws Exception {
        assertThat(cluster.messages(VHOST, "no-such-queue")).isEqualTo(-1);
        assertThatThrownBy(() -> cluster.queueState(VHOST, "no-such-queue"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no queue no-such-queue");
    }

    @Test
    void askingForTheLeaderOfAClassicQueueSaysItIsNotAQuorumQueue() throws Exception {
        try (Connection connection = connect(); Channel channel = connection.createChannel()) {
            channel.queueDeclare("classic", true, false, false, Map.of());
        }
        assertThatThrownBy(() -> cluster.leaderOf(VHOST, "classic"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a quorum queue");
    }

    /** The queue's state once it counts {@code expected} messages, or after 30 s: its counters lag by seconds. */
    private static RabbitCluster.QueueState awaitMessages(String queue, long expected) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        RabbitCluster.QueueState state = cluster.queueState(VHOST, queue);
        while (state.messages() != expected && System.nanoTime() < deadline) {
            Thread.sleep(500);
            state = cluster.queueState(VHOST, queue);
        }
        return state;
    }

    private static Set<String> drain(String queue, int expected) throws Exception {
        Set<String> received = new HashSet<>();
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        try (Connection connection = connect(); Channel channel = connection.createChannel()) {
            while (received.size() < expected && System.nanoTime() < deadline) {
                GetResponse message = channel.basicGet(queue, false);
                if (message == null) {
                    Thread.sleep(50);
                    continue;
                }
                received.add(new String(message.getBody(), StandardCharsets.UTF_8));
                channel.basicAck(message.getEnvelope().getDeliveryTag(), false);
            }
        }
        return received;
    }

    private static Connection connect() throws Exception {
        ConnectionFactory factory = new ConnectionFactory();
        factory.setVirtualHost(VHOST);
        factory.setUsername("guest");
        factory.setPassword("guest");
        List<Address> addresses = cluster.nodes().stream().filter(RabbitClusterNode::isRunning)
                .map(n -> new Address("127.0.0.1", n.amqpPort())).toList();
        return factory.newConnection(addresses);
    }
}
