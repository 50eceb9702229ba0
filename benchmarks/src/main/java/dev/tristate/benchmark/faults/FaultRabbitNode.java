package dev.tristate.benchmark.faults;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A RabbitMQ node of the command's own, next to the machine's broker and never touching it: its own node name,
 * AMQP and distribution ports, data and log directories, Erlang cookie (a private {@code HOME}), configuration file
 * (the machine's {@code /etc/rabbitmq/rabbitmq.conf} would pin it to port 5672) and no plugins. The broker faults are
 * injected on this node only, with {@code rabbitmqctl -n <node>}. Stopped on {@link #close()} and at JVM exit.
 */
public final class FaultRabbitNode implements AutoCloseable {

    private static final Path BIN = Path.of("/usr/lib/rabbitmq/bin");

    private final String node;
    private final int port;
    private final Path dir;
    private final Map<String, String> env;
    private final Thread stopper = new Thread(this::killNow, "stop-rabbit-node");

    private FaultRabbitNode(String node, int port, Path dir, Map<String, String> env) {
        this.node = node;
        this.port = port;
        this.dir = dir;
        this.env = env;
    }

    /** Starts a fresh node under {@code workDir} and waits until it runs (about 10-25 s on two cores). */
    public static FaultRabbitNode start(Path workDir) throws Exception {
        if (!Files.isExecutable(BIN.resolve("rabbitmq-server"))) {
            throw new IllegalStateException("no RabbitMQ server at " + BIN + ": apt-get install -y rabbitmq-server");
        }
        String node = "tristate-faults-" + HexFormat.of().formatHex(java.security.SecureRandom.getSeed(3))
                + "@localhost";
        int port = ListenPorts.free();
        int distPort = ListenPorts.free();
        Path dir = workDir.resolve("rabbit").toAbsolutePath();
        Path home = dir.resolve("home");
        Files.createDirectories(home);
        Files.createDirectories(dir.resolve("log"));
        Files.createDirectories(dir.resolve("mnesia"));
        Path cookie = home.resolve(".erlang.cookie");
        Files.writeString(cookie, HexFormat.of().formatHex(java.security.SecureRandom.getSeed(16)).toUpperCase());
        Files.setPosixFilePermissions(cookie, PosixFilePermissions.fromString("r--------"));
        Path config = dir.resolve("rabbitmq.conf");
        Files.writeString(config, "listeners.tcp.1 = 127.0.0.1:" + port + "\nloopback_users.guest = true\n");
        Path plugins = dir.resolve("enabled_plugins");
        Files.writeString(plugins, "[].\n");
        Path confEnv = dir.resolve("rabbitmq-env.conf");
        Files.writeString(confEnv, "");
        Map<String, String> env = new LinkedHashMap<>();
        env.put("HOME", home.toString());
        env.put("RABBITMQ_NODENAME", node);
        env.put("RABBITMQ_NODE_PORT", Integer.toString(port));
        env.put("RABBITMQ_DIST_PORT", Integer.toString(distPort));
        env.put("RABBITMQ_CONFIG_FILE", config.toString());
        env.put("RABBITMQ_MNESIA_BASE", dir.resolve("mnesia").toString());
        env.put("RABBITMQ_LOG_BASE", dir.resolve("log").toString());
        env.put("RABBITMQ_PID_FILE", dir.resolve("node.pid").toString());
        env.put("RABBITMQ_ENABLED_PLUGINS_FILE", plugins.toString());
        env.put("RABBITMQ_CONF_ENV_FILE", confEnv.toString());
        env.put("ERL_EPMD_ADDRESS", "127.0.0.1");
        env.put("RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS", "-kernel inet_dist_use_interface {127,0,0,1}");
        FaultRabbitNode rabbit = new FaultRabbitNode(node, port, dir, env);
        Runtime.getRuntime().addShutdownHook(rabbit.stopper);
        try {
            FaultShell.check(List.of(BIN.resolve("rabbitmq-server").toString(), "-detached"), env,
                    Duration.ofSeconds(60));
            rabbit.ctl(Duration.ofSeconds(180), "wait", dir.resolve("node.pid").toString(), "--timeout", "170");
        } catch (Exception e) {
            rabbit.close();
            throw e;
        }
        return rabbit;
    }

    public String node() {
        return node;
    }

    public int port() {
        return port;
    }

    /** The node's default vhost with the guest user (allowed from loopback). */
    public FaultBroker broker() {
        return new FaultBroker("127.0.0.1", port, "guest", "guest", "/");
    }

    /** {@code rabbitmqctl -n <node> <args...>}, failing unless it exits 0; its output. */
    public String ctl(String... args) throws Exception {
        // The CLI boots an Erlang VM of its own each time: on a starved machine that alone takes minutes.
        return ctl(Duration.ofSeconds(300), args);
    }

    private String ctl(Duration timeout, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(BIN.resolve("rabbitmqctl").toString(), "-n", node));
        command.addAll(List.of(args));
        return FaultShell.check(command, env, timeout);
    }

    /** The number of messages ready and unacknowledged in a queue of the default vhost; -1 when not listed. */
    public long messages(String queue) throws Exception {
        return messagesIn(ctl("-q", "list_queues", "name", "messages"), queue);
    }

    /** The count of {@code queue} in the output of {@code rabbitmqctl -q list_queues name messages}; -1 if absent. */
    static long messagesIn(String listed, String queue) {
        for (String line : listed.split("\n")) {
            String[] cells = line.trim().split("\\s+");
            if (cells.length == 2 && cells[0].equals(queue)) {
                return Long.parseLong(cells[1]);
            }
        }
        return -1;
    }

    private void killNow() {
        try {
            Path pidFile = dir.resolve("node.pid");
            if (Files.exists(pidFile)) {
                long pid = Long.parseLong(Files.readString(pidFile).trim());
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
        } catch (IOException | RuntimeException e) {
            // the node has gone already
        }
    }

    /** Stops the node ({@code rabbitmqctl shutdown}); kills it when that fails. */
    @Override
    public void close() {
        try {
            ctl(Duration.ofSeconds(60), "shutdown");
        } catch (Exception e) {
            killNow();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(stopper);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs anyway
        }
    }
}
