package dev.tristate.benchmark.faults;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
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
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();
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
        int port = freePort();
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
        long started = System.nanoTime();
        long deadline = started + START_WITHIN.toNanos();
        HttpRequest readiness = HttpRequest.newBuilder(URI.create(baseUrl() + "/actuator/health/readiness"))
                .timeout(Duration.ofSeconds(5)).build();
        while (System.nanoTime() < deadline) {
            Process p = process;
            if (p == null || !p.isAlive()) {
                throw new IllegalStateException(name + " exited during start-up (exit "
                        + (p == null ? "?" : p.exitValue()) + "); last lines of " + log + ":\n" + tail(40));
            }
            try {
                HttpResponse<String> answer = http.send(readiness, HttpResponse.BodyHandlers.ofString());
                if (answer.statusCode() == 200 && answer.body().contains("\"UP\"")) {
                    lastStartSeconds = (System.nanoTime() - started) / 1e9;
                    return;
                }
            } catch (IOException notYet) {
                // still starting
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException(name + " was not ready within " + START_WITHIN.toSeconds() + " s; last lines"
                + " of " + log + ":\n" + tail(40));
    }

    /** SIGKILL, as a crash: nothing of the application's shutdown runs. */
    public void kill() throws InterruptedException {
        Process p = process;
        if (p != null) {
            p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }

    public String tail(int lines) {
        try {
            List<String> all = Files.readAllLines(log);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException | RuntimeException e) {
            return "(log unreadable: " + e + ")";
        }
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
        Process p = process;
        if (p != null && p.isAlive()) {
            p.destroy();
            try {
                if (!p.waitFor(30, TimeUnit.SECONDS)) {
                    p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        try {
            Runtime.getRuntime().removeShutdownHook(killer);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs anyway
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
