package dev.tristate.benchmark.faults;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One node of a {@link RabbitCluster}: a {@code rabbitmq-server -detached} process with its own node name, AMQP and
 * distribution ports, configuration, data and log folders, sharing the cluster's private Erlang cookie. Every
 * command to it goes through {@code rabbitmqctl -n <name>} with the same private environment, so that neither the
 * node nor its commands ever reach the machine's own node.
 */
public final class RabbitClusterNode {

    /**
     * The scripts themselves: the /usr/sbin wrappers switch to the rabbitmq user, whose home holds the machine's
     * cookie, and the node's CLI calls would then address the machine's node with it.
     */
    static final Path BIN = Path.of("/usr/lib/rabbitmq/bin");

    /** Generous: each CLI call boots an Erlang VM of its own, which takes minutes on a starved machine. */
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(300);

    private final String name;
    private final int amqpPort;
    private final int distPort;
    private final Path dir;
    private final Map<String, String> environment;
    private volatile long pid = -1;

    RabbitClusterNode(String name, int amqpPort, int distPort, Path dir, Path home, Path shared) throws IOException {
        this.name = name;
        this.amqpPort = amqpPort;
        this.distPort = distPort;
        this.dir = dir;
        Files.createDirectories(dir.resolve("mnesia"));
        Files.createDirectories(dir.resolve("log"));
        // A config file, not RABBITMQ_NODE_PORT: the machine's /etc/rabbitmq/rabbitmq.conf names port 5672 and
        // would win over the variable, so the node would fail on a port that is taken.
        Files.writeString(dir.resolve("rabbitmq.conf"), "listeners.tcp.1 = 127.0.0.1:" + amqpPort + "\n");
        Map<String, String> env = new LinkedHashMap<>();
        env.put("HOME", home.toString());
        env.put("RABBITMQ_NODENAME", name);
        env.put("RABBITMQ_DIST_PORT", Integer.toString(distPort));
        env.put("RABBITMQ_CONFIG_FILE", dir.resolve("rabbitmq.conf").toString());
        env.put("RABBITMQ_MNESIA_BASE", dir.resolve("mnesia").toString());
        env.put("RABBITMQ_LOG_BASE", dir.resolve("log").toString());
        env.put("RABBITMQ_PID_FILE", pidFile().toString());
        // No plugins, so that no management listener clashes with the machine's node.
        env.put("RABBITMQ_ENABLED_PLUGINS_FILE", shared.resolve("enabled_plugins").toString());
        // An empty env file of its own keeps the NODENAME of /etc/rabbitmq/rabbitmq-env.conf out.
        env.put("RABBITMQ_CONF_ENV_FILE", shared.resolve("rabbitmq-env.conf").toString());
        env.put("ERL_EPMD_ADDRESS", "127.0.0.1");
        env.put("RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS", "-kernel inet_dist_use_interface {127,0,0,1}");
        this.environment = Map.copyOf(env);
    }

    /** The Erlang node name, e.g. {@code tsc4711n1@localhost}. */
    public String name() {
        return name;
    }

    public int amqpPort() {
        return amqpPort;
    }

    public int distPort() {
        return distPort;
    }

    /** The OS process id of the node's Erlang VM; -1 before it first ran. */
    public long pid() {
        return pid;
    }

    private Path pidFile() {
        return dir.resolve("rabbitmq.pid");
    }

    /** Starts the node's VM in the background; {@link #awaitRunning()} waits for it. */
    void launch() throws IOException, InterruptedException {
        // A pid file left by a killed VM would make the wait below watch a process that is gone.
        Files.deleteIfExists(pidFile());
        run(BIN.resolve("rabbitmq-server"), List.of("-detached"));
    }

    /** Waits until the node's RabbitMQ application runs, and learns its VM's process id. */
    void awaitRunning() throws IOException, InterruptedException {
        // The CLI's own wait ends before the command's timeout, so that its message says what it waited for.
        ctl("wait", pidFile().toString(), "--timeout", Long.toString(COMMAND_TIMEOUT.toSeconds() - 20));
        pid = Long.parseLong(ctl("eval", "os:getpid().").trim().replace("\"", ""));
    }

    /** Starts the node again with the same name, ports and data, as after {@link #kill()}; it rejoins its cluster. */
    public void restart() throws IOException, InterruptedException {
        if (isRunning()) {
            throw new IllegalStateException("node " + name + " is running (pid " + pid + "); kill or stop it first");
        }
        launch();
        awaitRunning();
    }

    /** {@code rabbitmqctl -n <this node> args...}; its output, or an exception with the output on failure. */
    public String ctl(String... args) throws IOException, InterruptedException {
        return cli("rabbitmqctl", args);
    }

    /** {@code rabbitmq-queues -n <this node> args...}, as {@link #ctl(String...)}. */
    public String queues(String... args) throws IOException, InterruptedException {
        return cli("rabbitmq-queues", args);
    }

    private String cli(String tool, String... args) throws IOException, InterruptedException {
        List<String> all = new ArrayList<>(List.of("-n", name));
        all.addAll(List.of(args));
        return run(BIN.resolve(tool), all);
    }

    private String run(Path executable, List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(executable.toString());
        command.addAll(args);
        Path output = Files.createTempFile(dir, "command-", ".out");
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(output.toFile());
            builder.environment().putAll(environment);
            Process process = builder.start();
            if (!process.waitFor(COMMAND_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " took longer than "
                        + COMMAND_TIMEOUT.toSeconds() + " s:\n" + Files.readString(output, StandardCharsets.UTF_8));
            }
            String text = Files.readString(output, StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " failed (exit " + process.exitValue()
                        + "):\n" + text + logTail());
            }
            return text;
        } finally {
            Files.deleteIfExists(output);
        }
    }

    private String logTail() {
        try (var logs = Files.list(dir.resolve("log"))) {
            Path log = logs.filter(p -> p.getFileName().toString().endsWith(".log")).findFirst().orElse(null);
            if (log == null) {
                return "";
            }
            List<String> lines = Files.readAllLines(log);
            return "\nlast lines of " + log + ":\n"
                    + String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
        } catch (IOException | RuntimeException unreadable) {
            return "";
        }
    }

    /**
     * Whether the node's VM is alive. Read from /proc, not from a signal: right after a SIGKILL the process can
     * linger as a zombie that still answers {@code kill -0}, and a second node would then be killed too early.
     */
    public boolean isRunning() {
        return pid > 0 && alive(pid);
    }

    static boolean alive(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("State:")) {
                    return !line.contains("Z") && !line.contains("X");
                }
            }
            return false;
        } catch (IOException gone) {
            return false;
        }
    }

    /** SIGKILL of the node's VM (and its helper processes), as a crash; returns once the VM is gone. */
    public void kill() throws InterruptedException {
        long target = pid > 0 ? pid : pidFromFile();
        if (target <= 0) {
            return;
        }
        ProcessHandle.of(target).ifPresent(vm -> {
            vm.descendants().forEach(ProcessHandle::destroyForcibly);
            vm.destroyForcibly();
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (alive(target)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("node " + name + " (pid " + target + ") still runs 30 s after SIGKILL");
            }
            Thread.sleep(20);
        }
    }

    /** Stops the node cleanly ({@code rabbitmqctl stop}); a SIGKILL when that fails or takes over 30 s. */
    void stop() throws InterruptedException {
        long target = pid > 0 ? pid : pidFromFile();
        if (target <= 0 || !alive(target)) {
            return;
        }
        try {
            ctl("stop");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (alive(target) && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
        } catch (IOException | RuntimeException stopFailed) {
            // the kill below ends it
        }
        kill();
    }

    /** The pid the VM wrote early in its boot, for a node whose start was interrupted before we learnt it. */
    long pidFromFile() {
        try {
            return Long.parseLong(Files.readString(pidFile()).trim());
        } catch (IOException | NumberFormatException none) {
            return -1;
        }
    }

    @Override
    public String toString() {
        return name + " (AMQP 127.0.0.1:" + amqpPort + ", pid " + pid + ")";
    }
}
