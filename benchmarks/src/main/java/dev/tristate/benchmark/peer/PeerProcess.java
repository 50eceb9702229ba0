package dev.tristate.benchmark.peer;

import dev.tristate.benchmark.ApplicationProcess;
import dev.tristate.benchmark.ChildProcesses;
import dev.tristate.benchmark.Settings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One namastack-outbox peer ({@code java -jar peer.jar}) in a child process, against the peer's database and the given
 * RabbitMQ, with the heap and JVM options of Tristate's processes; ready once it has written its ready mark into its
 * work directory (it has no web server to ask). Its peak resident set size is read just before it is stopped.
 */
final class PeerProcess implements AutoCloseable {

    /** Written by the peer's PeerApplication once it is ready (a constant of that application, not on this path). */
    private static final String READY = "peer.ready";

    private final Process process;
    private final Path workDir;
    private final Path log;
    private final Thread killer;
    private volatile long peakRssMb = -1;

    private PeerProcess(Process process, Path workDir, Path log) {
        this.process = process;
        this.workDir = workDir;
        this.log = log;
        this.killer = new Thread(process::destroyForcibly, "kill-peer");
        Runtime.getRuntime().addShutdownHook(killer);
    }

    static PeerProcess start(Settings settings, Path peerJar, String jdbcUrl, Path workDir, List<String> extraArgs)
            throws Exception {
        Path jar = peerJar.toAbsolutePath();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no peer at " + jar + ": build it first (mvn -DskipTests package) or give"
                    + " --peer-jar");
        }
        Files.createDirectories(workDir);
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(ApplicationProcess.heapArgs(settings));
        command.addAll(settings.appJvmArgs());
        command.addAll(List.of("-jar", jar.toString(),
                "--spring.datasource.url=" + jdbcUrl,
                "--spring.datasource.username=" + settings.dbUser(),
                "--spring.datasource.password=" + settings.dbPassword(),
                "--spring.rabbitmq.host=" + settings.rabbitHost(),
                "--spring.rabbitmq.port=" + settings.rabbitPort(),
                "--spring.rabbitmq.username=" + settings.rabbitUser(),
                "--spring.rabbitmq.password=" + settings.rabbitPassword(),
                "--spring.rabbitmq.virtual-host=" + settings.rabbitVhost(),
                "--peer.work-dir=" + workDir.toAbsolutePath()));
        command.addAll(extraArgs);
        Path log = workDir.resolve("peer.log");
        Files.deleteIfExists(workDir.resolve(READY));
        Process process = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        PeerProcess peer = new PeerProcess(process, workDir, log);
        try {
            peer.awaitReady(Duration.ofSeconds(240));
        } catch (Exception e) {
            peer.close();
            throw e;
        }
        return peer;
    }

    private void awaitReady(Duration within) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the peer exited during start-up (exit " + process.exitValue()
                        + "); last lines of " + log + ":\n" + tail(40));
            }
            if (Files.exists(workDir.resolve(READY))) {
                return;
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException("the peer was not ready within " + within.toSeconds() + " s; last lines of "
                + log + ":\n" + tail(40));
    }

    Path workDir() {
        return workDir;
    }

    Path log() {
        return log;
    }

    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    String tail(int lines) {
        return ChildProcesses.tail(log, lines);
    }

    /** The peak RSS in MB read when the process was stopped; -1 while it runs or where it could not be read. */
    long peakRssMb() {
        return peakRssMb;
    }

    /** SIGTERM (graceful: namastack hands its partitions back), then, after 30 s, a forced kill. */
    @Override
    public void close() {
        if (process.isAlive()) {
            peakRssMb = ApplicationProcess.peakRssMb(process.pid());
        }
        ChildProcesses.stop(process, Duration.ofSeconds(30), killer);
    }
}
