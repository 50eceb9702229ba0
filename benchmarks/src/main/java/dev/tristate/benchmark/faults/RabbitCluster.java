package dev.tristate.benchmark.faults;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A RabbitMQ cluster of its own on this machine, beside (never instead of) the machine's node on port 5672: nodes
 * named {@code tsc<pid>n<k>@localhost} with free AMQP and distribution ports on 127.0.0.1, one private Erlang cookie
 * and all data, logs and configuration under one temporary folder. The nodes boot in parallel and are joined to the
 * first. It says which node leads a quorum queue, kills and restarts nodes, and on {@link #close()} (or when the
 * JVM exits) stops every node and deletes the folder.
 */
public final class RabbitCluster implements AutoCloseable {

    /** Distinguishes two clusters of one JVM; the JVM's pid distinguishes clusters of two JVMs (epmd is shared). */
    private static final AtomicInteger CLUSTERS = new AtomicInteger();

    private final Path base;
    private final List<RabbitClusterNode> nodes;
    private final Thread killer;

    private RabbitCluster(Path base, List<RabbitClusterNode> nodes) {
        this.base = base;
        this.nodes = List.copyOf(nodes);
        // A failure or Ctrl-C must not leave nodes behind: they are detached from this JVM.
        this.killer = new Thread(this::killAll, "kill-rabbit-cluster");
        Runtime.getRuntime().addShutdownHook(killer);
    }

    /** Whether this machine has the RabbitMQ server scripts a cluster needs. */
    public static boolean installed() {
        return Files.isExecutable(RabbitClusterNode.BIN.resolve("rabbitmq-server"))
                && Files.isExecutable(RabbitClusterNode.BIN.resolve("rabbitmqctl"));
    }

    /** Starts {@code size} nodes and joins them into one cluster; on any failure stops what it started. */
    public static RabbitCluster start(int size) throws IOException, InterruptedException {
        if (size < 1) {
            throw new IllegalArgumentException("a cluster needs at least one node, not " + size);
        }
        if (!installed()) {
            throw new IllegalStateException("RabbitMQ is not installed (no " + RabbitClusterNode.BIN
                    + "/rabbitmq-server): apt-get install -y rabbitmq-server");
        }
        Path base = Files.createTempDirectory("tristate-rabbit-cluster-");
        Path home = Files.createDirectories(base.resolve("home"));
        Path cookie = home.resolve(".erlang.cookie");
        Files.writeString(cookie, newCookie());
        Files.setPosixFilePermissions(cookie, PosixFilePermissions.fromString("r--------"));
        Files.writeString(base.resolve("enabled_plugins"), "[].\n");
        Files.writeString(base.resolve("rabbitmq-env.conf"), "");
        String prefix = "tsc" + ProcessHandle.current().pid() + "c" + CLUSTERS.incrementAndGet() + "n";
        List<RabbitClusterNode> nodes = new ArrayList<>();
        for (int k = 1; k <= size; k++) {
            String name = prefix + k + "@localhost";
            nodes.add(new RabbitClusterNode(name, ListenPorts.free(), ListenPorts.free(), base.resolve(name), home,
                    base));
        }
        RabbitCluster cluster = new RabbitCluster(base, nodes);
        try {
            for (RabbitClusterNode node : nodes) {
                node.launch();
            }
            for (RabbitClusterNode node : nodes) {
                node.awaitRunning();
            }
            RabbitClusterNode first = nodes.get(0);
            for (RabbitClusterNode node : nodes.subList(1, nodes.size())) {
                node.ctl("stop_app");
                node.ctl("join_cluster", first.name());
                node.ctl("start_app");
            }
            return cluster;
        } catch (IOException | InterruptedException | RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    public List<RabbitClusterNode> nodes() {
        return nodes;
    }

    /** The value of {@code spring.rabbitmq.addresses}: every node's AMQP listener, the first node first. */
    public String addresses() {
        return nodes.stream().map(n -> "127.0.0.1:" + n.amqpPort()).collect(Collectors.joining(","));
    }

    /** A vhost on the cluster with every permission for the default user guest (loopback only). */
    public void createVhost(String vhost) throws IOException, InterruptedException {
        RabbitClusterNode node = anyRunning();
        node.ctl("add_vhost", vhost);
        node.ctl("set_permissions", "-p", vhost, "guest", ".*", ".*", ".*");
    }

    /** The names of the nodes the cluster sees running, as a running node reports them. */
    public Set<String> runningNodes() throws IOException, InterruptedException {
        String json = anyRunning().ctl("cluster_status", "--formatter", "json");
        int at = json.indexOf("\"running_nodes\"");
        if (at < 0) {
            throw new IllegalStateException("cluster_status without running_nodes: " + json);
        }
        String list = json.substring(json.indexOf('[', at) + 1, json.indexOf(']', at));
        return Stream.of(list.split(",")).map(s -> s.trim().replace("\"", "")).filter(s -> !s.isEmpty())
                .collect(Collectors.toUnmodifiableSet());
    }

    /** The node that holds the leader of quorum queue {@code queue} in {@code vhost}, if it has one now. */
    public Optional<RabbitClusterNode> leaderOf(String vhost, String queue) throws IOException, InterruptedException {
        String out = anyRunning().ctl("list_queues", "-p", vhost, "--quiet", "--no-table-headers", "name", "type",
                "leader");
        for (String line : out.split("\n")) {
            String[] columns = line.split("\t");
            if (columns.length >= 2 && columns[0].equals(queue)) {
                if (!columns[1].equals("quorum")) {
                    throw new IllegalArgumentException("queue " + queue + " in vhost " + vhost + " is a "
                            + columns[1] + " queue, not a quorum queue");
                }
                String leader = columns.length > 2 ? columns[2].trim() : "";
                return nodes.stream().filter(n -> n.name().equals(leader)).findFirst();
            }
        }
        throw new IllegalArgumentException("no queue " + queue + " in vhost " + vhost + " (queues: "
                + out.strip().replace('\n', ';') + ")");
    }

    /**
     * A quorum queue as the cluster sees it: its leader, its messages (ready and unacknowledged) and its consumers.
     * The counts come from the broker's statistics, which lag the queue by a few seconds.
     */
    public record QueueState(String leader, long messages, int consumers) {
    }

    /** The state of quorum queue {@code queue} in {@code vhost}; an exception names what is missing. */
    public QueueState queueState(String vhost, String queue) throws IOException, InterruptedException {
        String out = anyRunning().ctl("list_queues", "-p", vhost, "--quiet", "--no-table-headers", "name", "leader",
                "messages", "consumers");
        for (String line : out.split("\n")) {
            String[] columns = line.split("\t");
            if (columns.length >= 4 && columns[0].equals(queue)) {
                return new QueueState(columns[1].trim(), parseCount(columns[2]), (int) parseCount(columns[3]));
            }
        }
        throw new IllegalArgumentException("no queue " + queue + " in vhost " + vhost + " (queues: "
                + out.strip().replace('\n', ';') + ")");
    }

    /** Messages ready or unacknowledged in {@code queue} in {@code vhost}; -1 when it is not listed or leaderless. */
    public long messages(String vhost, String queue) throws IOException, InterruptedException {
        try {
            return queueState(vhost, queue).messages();
        } catch (IllegalArgumentException notListed) {
            return -1;
        }
    }

    /** A count column; a queue without a leader reports none (empty), read as -1. */
    private static long parseCount(String column) {
        String value = column.trim();
        return value.matches("\\d+") ? Long.parseLong(value) : -1;
    }

    /** Waits up to {@code within} for the queue to have a leader other than {@code not} (null: any leader). */
    public RabbitClusterNode awaitLeader(String vhost, String queue, RabbitClusterNode not, Duration within)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            Optional<RabbitClusterNode> leader;
            try {
                leader = leaderOf(vhost, queue);
            } catch (IllegalArgumentException notListed) {
                // While a quorum queue elects a new leader, the survivors may leave it out of their list.
                if (System.nanoTime() > deadline) {
                    throw notListed;
                }
                Thread.sleep(100);
                continue;
            }
            if (leader.isPresent() && leader.get() != not && leader.get().isRunning()) {
                return leader.get();
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("queue " + queue + " in vhost " + vhost + " has no new leader after "
                        + within.toSeconds() + " s (leader: " + leader.map(RabbitClusterNode::name).orElse("none")
                        + ")");
            }
            Thread.sleep(100);
        }
    }

    /** A node that runs, to send cluster-wide commands to. */
    public RabbitClusterNode anyRunning() {
        return nodes.stream().filter(RabbitClusterNode::isRunning).findFirst()
                .orElseThrow(() -> new IllegalStateException("no node of the cluster runs"));
    }

    /** Stops every node (cleanly, then by force) and deletes the cluster's folder. */
    @Override
    public void close() {
        for (RabbitClusterNode node : nodes) {
            try {
                node.stop();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                killAll();
            } catch (RuntimeException e) {
                killAll();
            }
        }
        try {
            Runtime.getRuntime().removeShutdownHook(killer);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs anyway
        }
        deleteBase();
    }

    private void killAll() {
        for (RabbitClusterNode node : nodes) {
            try {
                node.kill();
            } catch (InterruptedException | RuntimeException e) {
                // the JVM is exiting: kill what can be killed
            }
        }
    }

    private void deleteBase() {
        try (Stream<Path> all = Files.walk(base)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | RuntimeException e) {
            // a temporary folder: the system cleans it in the end
        }
    }

    private static String newCookie() {
        SecureRandom random = new SecureRandom();
        StringBuilder cookie = new StringBuilder();
        for (int i = 0; i < 32; i++) {
            cookie.append((char) ('A' + random.nextInt(26)));
        }
        return cookie.toString();
    }

}
