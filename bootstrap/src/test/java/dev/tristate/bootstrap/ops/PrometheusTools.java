package dev.tristate.bootstrap.ops;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/**
 * Debian's {@code prometheus} package (prometheus and promtool) for the tests of the alert rules and the scrape.
 * Without it the tests are skipped with a message, unless {@code TRISTATE_PROMETHEUS_TESTS=required} (set by
 * .ci/run), where its absence fails them.
 */
final class PrometheusTools {

    static final String INSTALL = "apt-get install -y prometheus (Debian's package: prometheus and promtool)";
    /** The rule files, from the bootstrap module's directory where Maven runs its tests. */
    static final Path RULES = Path.of("..", "docs", "ops").toAbsolutePath().normalize();

    private PrometheusTools() {
    }

    /** The tool's path on the PATH; skips the test (or fails it where required) when it is not there. */
    static Path require(String tool) {
        Optional<Path> found = onPath(tool);
        if (found.isEmpty() && "required".equals(System.getenv("TRISTATE_PROMETHEUS_TESTS"))) {
            throw new IllegalStateException("TRISTATE_PROMETHEUS_TESTS=required but " + tool + " is not on the PATH: "
                    + INSTALL);
        }
        Assumptions.assumeTrue(found.isPresent(), "skipped: " + tool + " is not on the PATH: " + INSTALL);
        return found.get();
    }

    private static Optional<Path> onPath(String tool) {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String dir : path.split(File.pathSeparator)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, tool);
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }
}
