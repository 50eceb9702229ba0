package dev.tristate.bootstrap.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tristate.bootstrap.support.ChildApplication;
import dev.tristate.testing.IntegrationEnvironment;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A normal stop (SIGTERM) is quiet: no ERROR line and no stack trace from the moment the stop begins, and the process
 * ends by itself within a bound. On the embedded default the in-process broker must outlive the clients that Spring
 * closes; on the prod profile the same holds against MariaDB and RabbitMQ.
 */
class QuietStopTest {

    private static final String MASTER_KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
    private static final Duration STOP_BOUND = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    private ChildApplication app;

    @AfterEach
    void cleanUp() {
        if (app != null) {
            app.close();
        }
    }

    @Test
    void theEmbeddedDefaultStopsQuietly() throws Exception {
        app = ChildApplication.start(dir, "embedded", List.of("--tristate.data-dir=" + dir.resolve("data")));
        assertQuietStop();
    }

    @Test
    void theProdProfileStopsQuietly() throws Exception {
        assumeTrue(IntegrationEnvironment.realDatabase() && IntegrationEnvironment.realBroker(),
                "needs MariaDB and RabbitMQ (TRISTATE_IT_*)");
        app = ChildApplication.start(dir, "prod", List.of("--spring.profiles.active=prod",
                "--tristate.security.master-key=" + MASTER_KEY, "--tristate.data-dir=" + dir.resolve("data"),
                "--spring.datasource.url=" + IntegrationEnvironment.jdbcUrl(),
                "--spring.datasource.username=" + IntegrationEnvironment.dbUser(),
                "--spring.datasource.password=" + IntegrationEnvironment.dbPassword(),
                "--spring.rabbitmq.host=" + IntegrationEnvironment.rabbitHost(),
                "--spring.rabbitmq.port=" + IntegrationEnvironment.rabbitPort(),
                "--spring.rabbitmq.username=" + IntegrationEnvironment.rabbitUser(),
                "--spring.rabbitmq.password=" + IntegrationEnvironment.rabbitPassword(),
                "--spring.rabbitmq.virtual-host=" + IntegrationEnvironment.rabbitVirtualHost()));
        assertQuietStop();
    }

    private void assertQuietStop() throws Exception {
        int stopBeganAt = app.log().length();
        app.signalStop();
        int exit = app.awaitExit(STOP_BOUND);
        String full = app.log();
        List<String> afterStop = full.substring(stopBeganAt).lines().toList();

        assertThat(exit).as("exit code of a SIGTERM stop:\n" + full).isIn(0, 143);
        assertThat(afterStop).as("lines logged after the stop began").isNotEmpty()
                .noneMatch(QuietStopTest::isError)
                .noneMatch(QuietStopTest::isStackTrace);
    }

    /** An ERROR in the plain console pattern or in an ECS JSON line ({@code "log":{"level":"ERROR",...}}). */
    static boolean isError(String line) {
        return line.contains(" ERROR ") || line.contains("\"level\":\"ERROR\"");
    }

    /** A frame of a plain stack trace, or an ECS line that carries one ({@code "error":{"stack_trace":...}}). */
    static boolean isStackTrace(String line) {
        return line.startsWith("\tat ") || line.contains("\"stack_trace\"");
    }
}
