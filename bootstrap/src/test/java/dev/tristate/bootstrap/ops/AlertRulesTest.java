package dev.tristate.bootstrap.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The alert rules in docs/ops/alerts.yml pass promtool's check and their unit tests in docs/ops/alerts-test.yml. */
class AlertRulesTest {

    private static String run(Path promtool, String... arguments) throws Exception {
        String[] command = new String[arguments.length + 1];
        command[0] = promtool.toString();
        System.arraycopy(arguments, 0, command, 1, arguments.length);
        Process process = new ProcessBuilder(command).directory(PrometheusTools.RULES.toFile())
                .redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("promtool finished").isTrue();
        assertThat(process.exitValue()).as(String.join(" ", command) + "\n" + output).isZero();
        return output;
    }

    @Test
    void theRulesAreValidAndPassTheirUnitTests() throws Exception {
        Path promtool = PrometheusTools.require("promtool");

        assertThat(run(promtool, "check", "rules", "alerts.yml")).contains("SUCCESS");
        assertThat(run(promtool, "test", "rules", "alerts-test.yml")).contains("SUCCESS");
    }
}
