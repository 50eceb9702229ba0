package dev.tristate.benchmark.faults;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs a command line of the machine's tools (rabbitmqctl, haproxy), with a timeout, output captured. */
final class FaultShell {

    record Result(int exit, String output) {
        boolean ok() {
            return exit == 0;
        }
    }

    private FaultShell() {
    }

    static Result run(List<String> command, Map<String, String> env, Duration timeout) throws IOException,
            InterruptedException {
        Path out = Files.createTempFile("fault-shell", ".out");
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(out.toFile());
            builder.environment().putAll(env);
            Process process = builder.start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                return new Result(-1, "timed out after " + timeout.toSeconds() + " s: " + String.join(" ", command)
                        + "\n" + Files.readString(out, StandardCharsets.UTF_8));
            }
            return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /** As {@link #run}, failing with the command's output unless it exits 0. */
    static String check(List<String> command, Map<String, String> env, Duration timeout) throws IOException,
            InterruptedException {
        Result result = run(command, env, timeout);
        if (!result.ok()) {
            throw new IllegalStateException(String.join(" ", command) + " failed (exit " + result.exit() + "): "
                    + result.output().strip());
        }
        return result.output();
    }
}
