package dev.tristate.bootstrap.relay;

import dev.tristate.bootstrap.support.ChildApplication;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.amqp.core.Message;

/**
 * Two application processes, each with its relay, drain one outbox at the same time: every event is published once
 * and marked SENT once (each process reports on shutdown how many it marked; the two add up to the events), and both
 * took part. MariaDB under .ci/run; a shared H2 file (AUTO_SERVER) elsewhere.
 */
class OutboxRelayTwoProcessesTest {

    private static final String MASTER_KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
    private static final int EVENTS = 2_000;
    private static final Pattern MARKED = Pattern.compile("Outbox relay stopped; since it started it marked (\\d+)");

    @TempDir
    Path dir;

    private final List<ChildApplication> children = new ArrayList<>();
    private RelayTestDatabase database;
    private HikariDataSource db;

    @AfterEach
    void cleanUp() {
        children.forEach(ChildApplication::close);
        if (db != null) {
            db.close();
        }
        if (database != null) {
            database.drop();
        }
    }

    @Test
    void twoRelaysInTwoProcessesPublishEveryEventOnceAndMarkEachSentOnce() throws Exception {
        database = RelayTestDatabase.fileBacked("two", dir);
        RelayBroker broker = RelayBroker.integration();
        ChildApplication first = start(broker, "first");
        ChildApplication second = start(broker, "second");
        try (EventTap tap = broker.tap()) {
            OutboxRows rows = rows();

            List<String> eventIds = rows.insertPending(EVENTS, "PaymentSucceeded");
            await().atMost(Duration.ofSeconds(300)).pollInterval(Duration.ofMillis(500))
                    .until(() -> rows.count("SENT") == EVENTS);

            first.stop();
            second.stop();
            long markedByFirst = marked(first);
            long markedBySecond = marked(second);
            assertThat(markedByFirst + markedBySecond).as("each event marked SENT exactly once").isEqualTo(EVENTS);
            assertThat(markedByFirst).as("the first process took part").isPositive();
            assertThat(markedBySecond).as("the second process took part").isPositive();
            Map<String, Long> copies = tap.drain(Duration.ofSeconds(2)).stream().collect(Collectors.groupingBy(
                    (Message m) -> m.getMessageProperties().getMessageId(), Collectors.counting()));
            assertThat(copies.keySet()).containsExactlyInAnyOrderElementsOf(eventIds);
            assertThat(copies.values()).as("each event on the broker once").containsOnly(1L);
        }
    }

    private static long marked(ChildApplication child) throws Exception {
        Matcher matcher = MARKED.matcher(child.log());
        if (!matcher.find()) {
            throw new AssertionError("the relay's shutdown line is missing:\n" + child.log());
        }
        return Long.parseLong(matcher.group(1));
    }

    private ChildApplication start(RelayBroker broker, String name) throws Exception {
        List<String> arguments = new ArrayList<>(broker.arguments(database));
        arguments.addAll(List.of("--spring.profiles.active=prod", "--tristate.security.master-key=" + MASTER_KEY,
                "--tristate.data-dir=" + dir.resolve("data-" + name), "--tristate.demo.enabled=false",
                "--tristate.relay.batch-size=20", "--tristate.relay.interval=50ms"));
        ChildApplication child = ChildApplication.start(dir, name, arguments);
        children.add(child);
        return child;
    }

    private OutboxRows rows() {
        db = database.openDataSource();
        return new OutboxRows(db);
    }
}
