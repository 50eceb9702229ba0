package dev.tristate.bootstrap.support;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/** The application as shipped, in a child JVM of its own, so that a crash point can halt it for real. */
public final class ChildApplication implements AutoCloseable {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private final Process process;
    private final Path log;
    private final int port;

    private ChildApplication(Process process, Path log, int port) {
        this.process = process;
        this.log = log;
        this.port = port;
    }

    /** Starts the application with these arguments (plus a free server port) and waits until it is healthy. */
    public static ChildApplication start(Path logDir, String name, List<String> arguments) throws Exception {
        int port = freePort();
        Path log = logDir.resolve(name + "-" + System.nanoTime() + ".log");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m",
                "-cp", applicationClasspath(), "dev.tristate.bootstrap.TristateApplication",
                "--server.port=" + port));
        command.addAll(arguments);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        ChildApplication child = new ChildApplication(process, log, port);
        child.awaitHealthy();
        return child;
    }

    /** The port the application listens on. */
    public int port() {
        return port;
    }

    private void awaitHealthy() throws Exception {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(180));
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new AssertionError("the application exited early:\n" + log());
            }
            try {
                HttpResponse<String> health = HTTP.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/actuator/health/readiness")).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (health.statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // still starting
            }
            Thread.sleep(500);
        }
        throw new AssertionError("the application did not become healthy:\n" + log());
    }

    /** Stops the process as an operator would (SIGTERM: graceful shutdown) and waits for it to end. */
    public void stop() throws Exception {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            throw new AssertionError("the application did not stop within 60 s:\n" + log());
        }
    }

    /** Sends SIGTERM (graceful shutdown) without waiting; {@link #awaitExit} then bounds and reads the ending. */
    public void signalStop() {
        process.destroy();
    }

    /** Waits for the process to end by itself (a crash point halts it); returns its exit code. */
    public int awaitExit(Duration timeout) throws Exception {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("the application is still running:\n" + log());
        }
        return process.exitValue();
    }

    public String log() throws IOException {
        return Files.readString(log);
    }

    @Override
    public void close() {
        process.destroyForcibly();
        try {
            process.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The test JVM's class path without test classes, so the child runs the application as shipped. */
    private static String applicationClasspath() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !entry.endsWith("test-classes") && !entry.contains("test-classes" + File.separator))
                .collect(Collectors.joining(File.pathSeparator));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
