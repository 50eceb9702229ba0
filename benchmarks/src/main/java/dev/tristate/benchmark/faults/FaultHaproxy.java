package dev.tristate.benchmark.faults;

import dev.tristate.benchmark.ChildProcesses;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Debian's HAProxy in front of the instances, as a deployment would run it: its own generated configuration on a free
 * port, round robin, and health checks on {@code /actuator/health/readiness} (an instance that is down or not ready
 * is taken out within about two seconds and put back once it answers UP twice). Runs in the foreground as a child
 * process; stopped on {@link #close()} and at JVM exit.
 */
public final class FaultHaproxy implements AutoCloseable {

    private static final Path HAPROXY = Path.of("/usr/sbin/haproxy");

    private final Process process;
    private final int port;
    private final Thread killer;

    private FaultHaproxy(Process process, int port) {
        this.process = process;
        this.port = port;
        this.killer = new Thread(process::destroyForcibly, "stop-haproxy");
        Runtime.getRuntime().addShutdownHook(killer);
    }

    public static FaultHaproxy start(Path workDir, List<FaultInstance> instances) throws Exception {
        if (!Files.isExecutable(HAPROXY)) {
            throw new IllegalStateException("no HAProxy at " + HAPROXY + ": apt-get install -y haproxy");
        }
        int port = ListenPorts.free();
        List<String> lines = new ArrayList<>(List.of(
                "global",
                "  maxconn 1024",
                "defaults",
                "  mode http",
                "  timeout connect 2s",
                "  timeout client 30s",
                "  timeout server 30s",
                "  timeout check 2s",
                "listen tristate",
                "  bind 127.0.0.1:" + port,
                "  balance roundrobin",
                "  option httpchk GET /actuator/health/readiness",
                "  http-check expect status 200",
                "  default-server inter 1s fall 2 rise 2"));
        for (FaultInstance instance : instances) {
            lines.add("  server " + instance.name() + " 127.0.0.1:" + instance.port() + " check");
        }
        Files.createDirectories(workDir);
        Path config = workDir.resolve("haproxy.cfg");
        Files.write(config, lines);
        Process process = new ProcessBuilder(HAPROXY.toString(), "-db", "-f", config.toString())
                .redirectErrorStream(true).redirectOutput(workDir.resolve("haproxy.log").toFile()).start();
        FaultHaproxy haproxy = new FaultHaproxy(process, port);
        Thread.sleep(500);
        if (!process.isAlive()) {
            haproxy.close();
            throw new IllegalStateException("haproxy exited at once (exit " + process.exitValue() + "): see "
                    + workDir.resolve("haproxy.log"));
        }
        return haproxy;
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    @Override
    public void close() {
        ChildProcesses.stop(process, Duration.ofSeconds(10), killer);
    }
}
