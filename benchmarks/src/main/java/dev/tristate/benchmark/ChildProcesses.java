package dev.tristate.benchmark;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Child processes the benchmarks start (the application, the namastack peer, HAProxy): waiting for them, stopping them. */
public final class ChildProcesses {

    private ChildProcesses() {
    }

    /**
     * SIGTERM, so the child shuts down gracefully (a relay hands back its leases, namastack its partitions); after
     * {@code grace} a forced kill. Then the JVM shutdown hook that would have killed the child on Ctrl-C is removed.
     */
    public static void stop(Process process, Duration grace, Thread shutdownHook) {
        if (process != null && process.isAlive()) {
            process.destroy();
            try {
                if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs anyway
        }
    }

    /**
     * Waits until the application's readiness ({@code base}{@code /actuator/health/readiness}) answers UP, and
     * returns the seconds that took. Readiness, not the overall health: that also reports the broker and the relay's
     * backlog, which may be DOWN while the application takes work. Fails, with the end of its log, when the process
     * exits first or {@code within} passes.
     */
    public static double awaitReady(String name, Process process, URI base, Path log, Duration within)
            throws InterruptedException {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest readiness = HttpRequest.newBuilder(base.resolve("/actuator/health/readiness"))
                .timeout(Duration.ofSeconds(5)).build();
        long started = System.nanoTime();
        long deadline = started + within.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited during start-up (exit " + process.exitValue()
                        + "); last lines of " + log + ":\n" + tail(log, 40));
            }
            try {
                HttpResponse<String> answer = http.send(readiness, HttpResponse.BodyHandlers.ofString());
                if (answer.statusCode() == 200 && answer.body().contains("\"UP\"")) {
                    return (System.nanoTime() - started) / 1e9;
                }
            } catch (IOException notYet) {
                // still starting
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException(name + " was not ready within " + within.toSeconds() + " s; last lines of "
                + log + ":\n" + tail(log, 40));
    }

    /** The last {@code lines} lines of a child's log, or why it could not be read. */
    public static String tail(Path log, int lines) {
        try {
            List<String> all = Files.readAllLines(log);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException | RuntimeException e) {
            return "(log unreadable: " + e + ")";
        }
    }
}
