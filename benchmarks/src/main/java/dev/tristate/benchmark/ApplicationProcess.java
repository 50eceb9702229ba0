package dev.tristate.benchmark;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The application as shipped ({@code java -jar tristate.jar}, prod profile) in a child process on a free port,
 * against the benchmark's database and the given RabbitMQ, with an explicit heap ({@code --app-heap}); healthy when
 * {@code /actuator/health/readiness} says UP. Each process's peak resident set size is read just before it is stopped.
 */
public final class ApplicationProcess implements AutoCloseable {

    /** Peak RSS in MB of every application process this benchmark stopped, in the order they stopped. */
    private static final List<Long> PEAK_RSS_MB = new java.util.concurrent.CopyOnWriteArrayList<>();

    private final Process process;
    private final Path log;
    private final int port;
    private final Thread killer;
    private final long startedNanos = System.nanoTime();
    private volatile double secondsToHealthy = Double.NaN;

    private ApplicationProcess(Process process, Path log, int port) {
        this.process = process;
        this.log = log;
        this.port = port;
        // Ctrl-C or a failure in the benchmark must not leave the application running.
        this.killer = new Thread(process::destroyForcibly, "kill-application");
        Runtime.getRuntime().addShutdownHook(killer);
    }

    static ApplicationProcess start(Settings settings, String masterKey, Path workDir) throws Exception {
        return start(settings, masterKey, workDir, List.of());
    }

    /** As {@link #start(Settings, String, Path)}, with more {@code --name=value} arguments for the application. */
    static ApplicationProcess start(Settings settings, String masterKey, Path workDir, List<String> extraArgs)
            throws Exception {
        return start(settings, masterKey, workDir, extraArgs, null);
    }

    /**
     * As {@link #start(Settings, String, Path, List)}, with {@code extraClasses} (a class directory, or null for
     * none) on the application's class path: the jar as shipped, run by Spring Boot's PropertiesLauncher, which
     * puts {@code loader.path} before the jar's own classes and libraries.
     */
    public static ApplicationProcess start(Settings settings, String masterKey, Path workDir, List<String> extraArgs,
                                           Path extraClasses) throws Exception {
        Path jar = settings.appJar().toAbsolutePath();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no application at " + jar + ": build it first (mvn -DskipTests package)"
                    + " or give --app-jar");
        }
        int port = freePort();
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(heapArgs(settings));
        command.addAll(settings.appJvmArgs());
        if (extraClasses == null) {
            command.addAll(jarArgs(jar));
        } else {
            command.addAll(List.of("-Dloader.path=" + extraClasses.toAbsolutePath(), "-cp", jar.toString(),
                    "org.springframework.boot.loader.launch.PropertiesLauncher"));
        }
        command.addAll(List.of("--spring.profiles.active=prod",
                "--server.port=" + port,
                "--spring.datasource.url=" + settings.jdbcUrl(),
                "--spring.datasource.username=" + settings.dbUser(),
                "--spring.datasource.password=" + settings.dbPassword(),
                "--spring.rabbitmq.host=" + settings.rabbitHost(),
                "--spring.rabbitmq.port=" + settings.rabbitPort(),
                "--spring.rabbitmq.username=" + settings.rabbitUser(),
                "--spring.rabbitmq.password=" + settings.rabbitPassword(),
                "--spring.rabbitmq.virtual-host=" + settings.rabbitVhost(),
                "--tristate.security.master-key=" + masterKey,
                "--tristate.datasource.callback-pool-size=" + settings.callbackPoolSize(),
                "--tristate.data-dir=" + workDir.toAbsolutePath().resolve("data"),
                "--tristate.demo.enabled=false"));
        command.addAll(extraArgs);
        return launch(command, workDir, port, extraClasses == null ? folderOfArchived(jar) : null);
    }

    /**
     * The embedded default as the README's first command starts it: {@code java -jar tristate.jar} with nothing but a
     * data directory (H2 and the embedded broker inside the process) and the benchmark's heap.
     */
    static ApplicationProcess startEmbedded(Settings settings, Path dataDir, Path workDir) throws Exception {
        int port = freePort();
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(heapArgs(settings));
        command.addAll(settings.appJvmArgs());
        Path jar = settings.appJar().toAbsolutePath();
        command.addAll(jarArgs(jar));
        command.addAll(List.of("--server.port=" + port, "--tristate.data-dir=" + dataDir.toAbsolutePath()));
        return launch(command, workDir, port, folderOfArchived(jar));
    }

    /**
     * How the jar is started: as built with a class data sharing archive beside it (bootstrap/target/tristate/), from
     * its own folder with the archive, since the archive holds the class path as it was trained
     * ({@code -jar tristate.jar}); otherwise {@code -jar} with its path.
     */
    private static List<String> jarArgs(Path jar) {
        return folderOfArchived(jar) == null ? List.of("-jar", jar.toString())
                : List.of("-XX:SharedArchiveFile=" + archive(jar).getFileName(), "-jar", jar.getFileName().toString());
    }

    /** The folder to start an archived jar from; null for a jar without an archive. */
    private static Path folderOfArchived(Path jar) {
        return Files.isRegularFile(archive(jar)) ? jar.getParent() : null;
    }

    private static Path archive(Path jar) {
        return jar.resolveSibling(jar.getFileName().toString().replaceFirst("\\.jar$", "") + ".jsa");
    }

    private static ApplicationProcess launch(List<String> command, Path workDir, int port, Path directory)
            throws Exception {
        Files.createDirectories(workDir);
        Path log = workDir.resolve("application.log");
        ProcessBuilder builder = new ProcessBuilder(command);
        if (directory != null) {
            builder.directory(directory.toFile());
        }
        Process process = builder.redirectErrorStream(true).redirectOutput(log.toFile()).start();
        ApplicationProcess app = new ApplicationProcess(process, log, port);
        try {
            app.awaitHealthy(Duration.ofSeconds(240));
        } catch (Exception e) {
            app.close();
            throw e;
        }
        return app;
    }

    public int port() {
        return port;
    }

    public Path log() {
        return log;
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    private void awaitHealthy(Duration within) throws Exception {
        try {
            ChildProcesses.awaitReady("the application", process, URI.create("http://127.0.0.1:" + port), log,
                    within);
            secondsToHealthy = (System.nanoTime() - startedNanos) / 1e9;
        } catch (IllegalStateException notReady) {
            throw new IllegalStateException(notReady.getMessage() + hint(), notReady);
        }
    }

    private String hint() {
        String text = tail(400);
        return text.contains("cannot be decrypted") ? "\nhint: the database holds channel secrets written under"
                + " another master key (not by this benchmark); use a database of its own (--database=...)." : "";
    }

    public String tail(int lines) {
        return ChildProcesses.tail(log, lines);
    }

    /** From the process's start to its first healthy answer. */
    double secondsToHealthy() {
        return secondsToHealthy;
    }

    /** The JVM options the heap setting adds: {@code -Xmx}, unless --app-jvm-args sets one itself. */
    public static List<String> heapArgs(Settings settings) {
        boolean own = settings.appJvmArgs().stream().anyMatch(arg -> arg.startsWith("-Xmx"));
        return settings.appHeap().isEmpty() || own ? List.of() : List.of("-Xmx" + settings.appHeap());
    }

    /** The peak resident set size so far (VmHWM of /proc/PID/status), in MB; -1 where it cannot be read. */
    public long peakRssMb() {
        return peakRssMb(process.pid());
    }

    /** The peak resident set size of process {@code pid} (VmHWM), in MB; -1 where it cannot be read. */
    public static long peakRssMb(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024;
                }
            }
        } catch (IOException | RuntimeException gone) {
            // not Linux, or the process has gone
        }
        return -1;
    }

    /** Peak RSS in MB of each application process stopped so far. */
    public static List<Long> peakRssOfStopped() {
        return List.copyOf(PEAK_RSS_MB);
    }

    /** SIGKILL, as a crash: nothing of the application's shutdown runs. */
    void kill() throws InterruptedException {
        long peak = peakRssMb();
        if (peak >= 0) {
            PEAK_RSS_MB.add(peak);
        }
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }

    /** SIGTERM (graceful shutdown), then, after 30 s, a forced kill. */
    @Override
    public void close() {
        long peak = process.isAlive() ? peakRssMb() : -1;
        if (peak >= 0) {
            PEAK_RSS_MB.add(peak);
        }
        ChildProcesses.stop(process, Duration.ofSeconds(30), killer);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
