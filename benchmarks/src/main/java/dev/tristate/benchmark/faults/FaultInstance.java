package dev.tristate.benchmark.faults;

import dev.tristate.benchmark.ChildProcesses;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One instance of the application as shipped ({@code java -Xmx... -jar tristate.jar}, prod profile) in a child
 * process. Unlike the benchmarks' ApplicationProcess it keeps its port and its log across restarts: a load balancer
 * in front of it, and the driver, find it again at the same address after each kill.
 */
public final class FaultInstance implements AutoCloseable {

    private static final Duration START_WITHIN = Duration.ofSeconds(240);

    private final String name;
    private final int port;
    private final List<String> command;
    private final Path log;
    private final Thread killer = new Thread(this::destroyNow, "kill-instance");
    private volatile Process process;
    private int starts;
    private double lastStartSeconds = Double.NaN;

    private FaultInstance(String name, int port, List<String> command, Path log) {
        this.name = name;
        this.port = port;
        this.command = command;
        this.log = log;
        // Ctrl-C or a failure of the command must not leave the instance running.
        Runtime.getRuntime().addShutdownHook(killer);
    }

    /** An instance (not started yet) on a free port, against the scenario's database and broker. */
    static FaultInstance create(String name, FaultOptions options, String jdbcUrl, FaultBroker broker,
                                String masterKey, Path workDir) throws IOException {
        Path jar = options.appJar().toAbsolutePath();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no application at " + jar + ": build it first (mvn -DskipTests package)"
                    + " or give --app-jar");
        }
        Files.createDirectories(workDir);
        int port = ListenPorts.free();
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + options.appHeap(), "-jar", jar.toString(),
                "--spring.profiles.active=prod",
                "--server.port=" + port,
                "--spring.datasource.url=" + jdbcUrl,
                "--spring.datasource.username=" + options.dbUser(),
                "--spring.datasource.password=" + options.dbPassword(),
                "--spring.rabbitmq.host=" + broker.host(),
                "--spring.rabbitmq.port=" + broker.port(),
                "--spring.rabbitmq.username=" + broker.user(),
                "--spring.rabbitmq.password=" + broker.password(),
                "--spring.rabbitmq.virtual-host=" + broker.vhost(),
                "--tristate.security.master-key=" + masterKey,
                "--tristate.data-dir=" + workDir.resolve("data-" + name).toAbsolutePath(),
                "--tristate.demo.enabled=false",
                // The merchant API creates sandbox trades; the sandbox channel runs in each instance.
                "--tristate.sandbox-channel.enabled=true"));
        return new FaultInstance(name, port, List.copyOf(command), workDir.resolve(name + ".log"));
    }

    /**
     * As {@link #create(String, FaultOptions, String, FaultBroker, String, Path)}, with more {@code --name=value}
     * arguments for the application after the others (e.g. {@code --spring.rabbitmq.addresses=...}, which wins over
     * the broker's host and port).
     */
    static FaultInstance create(String name, FaultOptions options, String jdbcUrl, FaultBroker broker,
                                String masterKey, Path workDir, List<String> extraArgs) throws IOException {
        FaultInstance plain = create(name, options, jdbcUrl, broker, masterKey, workDir);
        Runtime.getRuntime().removeShutdownHook(plain.killer);
        List<String> command = new ArrayList<>(plain.command);
        command.addAll(extraArgs);
        return new FaultInstance(name, plain.port, List.copyOf(command), plain.log);
    }

    public String name() {
        return name;
    }

    public int port() {
        return port;
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    public Path log() {
        return log;
    }

    public int starts() {
        return starts;
    }

    public double lastStartSeconds() {
        return lastStartSeconds;
    }

    public boolean isAlive() {
        Process p = process;
        return p != null && p.isAlive();
    }

    /** Starts the process (its output appended to {@link #log()}) and waits until readiness says UP. */
    public void start() throws Exception {
        launch();
        awaitReady();
    }

    /** Starts the process without waiting for it. */
    public void launch() throws IOException {
        if (isAlive()) {
            throw new IllegalStateException(name + " is already running");
        }
        Files.writeString(log, "---- start " + (starts + 1) + " at " + java.time.Instant.now() + "\n",
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        starts++;
    }

    /** Waits until {@code /actuator/health/readiness} answers UP; fails when the process exits first. */
    public void awaitReady() throws Exception {
        Process p = process;
        if (p == null) {
            throw new IllegalStateException(name + " was never launched");
        }
        lastStartSeconds = ChildProcesses.awaitReady(name, p, URI.create(baseUrl()), log, START_WITHIN);
    }

    /** SIGKILL, as a crash: nothing of the application's shutdown runs. */
    public void kill() throws InterruptedException {
        Process p = process;
        if (p != null) {
            p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }

    public String tail(int lines) {
        return ChildProcesses.tail(log, lines);
    }

    private void destroyNow() {
        Process p = process;
        if (p != null) {
            p.destroyForcibly();
        }
    }

    /** SIGTERM (graceful shutdown), then after 30 s SIGKILL. */
    @Override
    public void close() {
        ChildProcesses.stop(process, Duration.ofSeconds(30), killer);
    }
}
