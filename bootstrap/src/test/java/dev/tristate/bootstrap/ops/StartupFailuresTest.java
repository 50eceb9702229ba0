package dev.tristate.bootstrap.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.bootstrap.TristateApplication;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * Each way the prod profile cannot start is told in one line that names the setting or the URL, and without a stack
 * trace: the line is the failure analysis' description.
 */
@ExtendWith(OutputCaptureExtension.class)
class StartupFailuresTest {

    private static final String MASTER_KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

    private static void startFails(String... arguments) {
        assertThatThrownBy(() -> new SpringApplicationBuilder(TristateApplication.class).profiles("prod")
                .run(arguments)).isInstanceOf(RuntimeException.class);
    }

    private static void toldInOneLine(CapturedOutput output, String line) {
        String all = output.getAll();
        List<String> told = all.lines().filter(l -> l.contains(line)).toList();
        assertThat(told).as("the one line, in\n" + all).hasSize(1);
        assertThat(all).as("no stack trace").doesNotContain("\tat ").doesNotContain("stack_trace")
                .doesNotContain("Caused by");
    }

    @Test
    void aMissingSettingIsNamed(CapturedOutput output) {
        startFails("--server.port=0", "--spring.datasource.url=jdbc:mysql://127.0.0.1:1/x", "--spring.rabbitmq.host=");

        toldInOneLine(output, "The prod profile needs these settings, which are missing: tristate.security.master-key,"
                + " spring.rabbitmq.host (or spring.rabbitmq.addresses).");
    }

    @Test
    void aMasterKeyOfTheWrongLengthIsNamed(CapturedOutput output) {
        // A database that is there (H2 in memory), so that the key is what fails.
        startFails("--server.port=0", "--spring.datasource.url=jdbc:h2:mem:startup-" + System.nanoTime()
                        + ";MODE=MySQL;DEFAULT_NULL_ORDERING=HIGH", "--spring.datasource.username=sa",
                "--spring.rabbitmq.host=127.0.0.1", "--tristate.security.master-key=c2hvcnQ=");

        toldInOneLine(output, "tristate.security.master-key must be 32 bytes, base64-encoded");
    }

    @Test
    void anUnreachableDatabaseIsNamedByItsUrl(CapturedOutput output) {
        startFails("--server.port=0", "--spring.datasource.url=jdbc:mysql://127.0.0.1:1/nothing?password=hidden",
                "--spring.datasource.hikari.connection-timeout=2000", "--tristate.datasource.statement-timeout=1s",
                "--spring.rabbitmq.host=127.0.0.1", "--tristate.security.master-key=" + MASTER_KEY);

        toldInOneLine(output, "Cannot reach the database at jdbc:mysql://127.0.0.1:1/nothing (spring.datasource.url)");
        assertThat(output.getAll()).doesNotContain("hidden");
    }
}
