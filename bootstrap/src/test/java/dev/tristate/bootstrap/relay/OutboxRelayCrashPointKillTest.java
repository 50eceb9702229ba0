package dev.tristate.bootstrap.relay;

import dev.tristate.bootstrap.support.ChildApplication;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.amqp.core.Message;

/**
 * Crash points C3 and C4 of the relay, proven by halting the application's JVM there
 * ({@code tristate.fault-injection.halt-at}): no rollback by the application, no shutdown hook, the lease left as it
 * was. Then a new process takes over once the lease has expired. The database (MariaDB under .ci/run, a shared H2 file
 * elsewhere) and the broker (RabbitMQ, or the test JVM's in-process Qpid broker) outlive the killed process, as they
 * would in production; the test watches the broker through a queue of its own bound to the events exchange.
 */
class OutboxRelayCrashPointKillTest {

    private static final String MASTER_KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
    private static final Duration LEASE = Duration.ofSeconds(5);

    @TempDir
    java.nio.file.Path dir;

    private RelayTestDatabase database;
    private HikariDataSource db;
    private EventTap tap;
    private final List<ChildApplication> children = new ArrayList<>();

    @BeforeEach
    void servicesOfTheTestsOwn() {
        database = RelayTestDatabase.fileBacked("crash", dir);
        tap = RelayBroker.integration().tap();
    }

    @AfterEach
    void cleanUp() {
        children.forEach(ChildApplication::close);
        if (db != null) {
            db.close();
        }
        tap.close();
        database.drop();
    }

    @Test
    void aRelayKilledAfterItsClaimCommittedLeavesTheEventToBePublishedOnceTheLeaseExpires() throws Exception {
        ChildApplication first = start("C3");
        String eventId = rows().insertPending(1, "PaymentSucceeded").get(0);

        assertThat(first.awaitExit(Duration.ofSeconds(60))).isEqualTo(137);
        assertThat(first.log()).contains("halting at crash point C3");
        Map<String, Object> claimed = rows().row(eventId);
        assertThat(claimed.get("status")).isEqualTo("PENDING");
        assertThat(claimed.get("lease_token")).as("the claim was committed").isNotNull();
        assertThat(tap.drain(Duration.ofSeconds(1))).as("nothing was published").isEmpty();

        start(null);
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                .until(() -> "SENT".equals(rows().row(eventId).get("status")));

        List<Message> received = tap.drain(Duration.ofSeconds(2));
        assertThat(EventTap.messageIds(received)).as("published once, after the lease expired")
                .containsExactly(eventId);
    }

    @Test
    void aRelayKilledAfterTheConfirmBeforeMarkingSentCausesOneRedeliveryWithTheSameEventId() throws Exception {
        ChildApplication first = start("C4");
        String eventId = rows().insertPending(1, "PaymentSucceeded").get(0);

        assertThat(first.awaitExit(Duration.ofSeconds(60))).isEqualTo(137);
        assertThat(first.log()).contains("halting at crash point C4");
        assertThat(rows().row(eventId).get("status")).as("confirmed, but not marked").isEqualTo("PENDING");
        List<Message> beforeTheRestart = tap.drain(Duration.ofSeconds(1));
        assertThat(EventTap.messageIds(beforeTheRestart)).as("the broker has it").containsExactly(eventId);

        start(null);
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                .until(() -> "SENT".equals(rows().row(eventId).get("status")));

        List<Message> afterTheRestart = tap.drain(Duration.ofSeconds(2));
        assertThat(EventTap.messageIds(afterTheRestart)).as("published again with the same event id")
                .containsExactly(eventId);
        assertThat(afterTheRestart.get(0).getBody()).isEqualTo(beforeTheRestart.get(0).getBody());
    }

    private ChildApplication start(String haltAt) throws Exception {
        List<String> arguments = new ArrayList<>(RelayBroker.integration().arguments(database));
        arguments.addAll(List.of("--spring.profiles.active=prod", "--tristate.security.master-key=" + MASTER_KEY,
                "--tristate.data-dir=" + dir.resolve("data"), "--tristate.demo.enabled=false",
                "--tristate.relay.interval=100ms", "--tristate.relay.lease=" + LEASE.toSeconds() + "s",
                "--tristate.relay.confirm-timeout=2s"));
        if (haltAt != null) {
            arguments.add("--tristate.fault-injection.halt-at=" + haltAt);
        }
        ChildApplication child = ChildApplication.start(dir, haltAt == null ? "clean" : haltAt, arguments);
        children.add(child);
        return child;
    }

    /** Reads the database the children use (opened once the first child has created the schema). */
    private OutboxRows rows() {
        if (db == null) {
            db = database.openDataSource();
        }
        return new OutboxRows(db);
    }
}
