package dev.tristate.bootstrap.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import dev.tristate.bootstrap.support.ChildApplication;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.amqp.rabbit.core.RabbitAdmin;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Crash point C5 of the entitlements consumer, proven by halting the application's JVM there
 * ({@code tristate.fault-injection.halt-at=C5}): the grant and its inbox row are committed, the message is not acked.
 * The broker gives it to the next process, whose inbox turns it into a no-op: one grant, none lost, none doubled. The
 * children get an exchange and a queue of their own, so no other test's messages reach them. (In this package for the
 * relay tests' database and broker helpers: the event goes the whole way, outbox to grant.)
 */
class ConsumerCrashPointKillTest {

    private static final String MASTER_KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
    private static final DateTimeFormatter LITERAL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS");

    @TempDir
    Path dir;

    private final String run = UUID.randomUUID().toString().substring(0, 8);
    private final String exchange = "tristate.test.c5.events." + run;
    private final String queue = "tristate.test.c5.entitlements." + run;
    private RelayTestDatabase database;
    private HikariDataSource db;
    private CachingConnectionFactory broker;
    private final List<ChildApplication> children = new ArrayList<>();

    @BeforeEach
    void servicesOfTheTestsOwn() {
        database = RelayTestDatabase.fileBacked("c5", dir);
        broker = RelayBroker.integration().connectionFactory();
    }

    @AfterEach
    void cleanUp() {
        children.forEach(ChildApplication::close);
        if (db != null) {
            db.close();
        }
        try {
            RabbitAdmin admin = new RabbitAdmin(broker);
            admin.deleteQueue(queue);
            admin.deleteExchange(exchange);
        } finally {
            broker.destroy();
            database.drop();
        }
    }

    @Test
    void aConsumerKilledAfterItsCommitBeforeTheAckLeavesOneGrantAndTheRedeliveryIsANoOp() throws Exception {
        ChildApplication first = start("C5");
        String eventId = UUID.randomUUID().toString();
        String payment = "pay_" + UUID.randomUUID().toString().replace("-", "");
        insertPaymentSucceeded(eventId, "t-c5", payment, "u-42", "tokens:100");

        assertThat(first.awaitExit(Duration.ofSeconds(60))).isEqualTo(137);
        assertThat(first.log()).contains("halting at crash point C5");
        assertThat(count("SELECT COUNT(*) FROM consumer_inbox WHERE event_id = ?", eventId))
                .as("the grant committed before the crash").isEqualTo(1);
        assertThat(count("SELECT COUNT(*) FROM entitlements WHERE payment_id = ?", payment)).isEqualTo(1);
        await("the unacked message went back to the queue").atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(100)).until(() -> messagesReady() >= 1);

        ChildApplication second = start(null);
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() ->
                count("SELECT COUNT(*) FROM outbox_events WHERE event_id = ? AND status = 'SENT'", eventId) == 1
                        && messagesReady() == 0);
        second.stop();

        assertThat(messagesReady()).as("the unacked delivery was taken and acked, not lost or stuck").isZero();
        assertThat(count("SELECT COUNT(*) FROM entitlements WHERE payment_id = ?", payment)).as("no double grant")
                .isEqualTo(1);
        assertThat(count("SELECT balance FROM token_balances WHERE tenant_id = 't-c5' AND user_id = 'u-42'", null))
                .isEqualTo(100);
        assertThat(count("SELECT COUNT(*) FROM consumer_inbox WHERE event_id = ?", eventId)).isEqualTo(1);
        assertThat(count("SELECT COUNT(*) FROM consumer_deliveries", null)).as("nothing failed").isZero();
    }

    private long messagesReady() {
        var info = new RabbitAdmin(broker).getQueueInfo(queue);
        return info == null ? -1 : info.getMessageCount();
    }

    private void insertPaymentSucceeded(String eventId, String tenant, String payment, String user, String sku) {
        String payload = "{\"event_id\":\"" + eventId + "\",\"event_type\":\"PaymentSucceeded\",\"tenant_id\":\""
                + tenant + "\",\"payment_id\":\"" + payment + "\",\"user_id\":\"" + user + "\",\"sku\":\"" + sku + "\"}";
        String now = LITERAL.format(LocalDateTime.ofInstant(Instant.now(), ZoneOffset.UTC));
        jdbc().update("INSERT INTO outbox_events (event_id, event_key, tenant_id, aggregate_type, aggregate_id,"
                + " event_type, payload, status, attempts, next_attempt_at, created_at)"
                + " VALUES (?, ?, ?, 'payment', ?, 'PaymentSucceeded', ?, 'PENDING', 0, ?, ?)",
                eventId, "PaymentSucceeded|" + payment + "|", tenant, payment, payload, now, now);
    }

    private long count(String sql, String argument) {
        Long value = argument == null ? jdbc().queryForObject(sql, Long.class)
                : jdbc().queryForObject(sql, Long.class, argument);
        return value == null ? 0 : value;
    }

    private ChildApplication start(String haltAt) throws Exception {
        List<String> arguments = new ArrayList<>(RelayBroker.integration().arguments(database));
        arguments.addAll(List.of("--spring.profiles.active=prod", "--tristate.security.master-key=" + MASTER_KEY,
                "--tristate.data-dir=" + dir.resolve("data"), "--tristate.demo.enabled=false",
                "--tristate.relay.interval=100ms", "--tristate.relay.lease=5s",
                "--tristate.relay.confirm-timeout=2s", "--tristate.relay.exchange=" + exchange,
                "--tristate.relay.queue=" + queue, "--tristate.consumers.entitlements.concurrency=1"));
        if (haltAt != null) {
            arguments.add("--tristate.fault-injection.halt-at=" + haltAt);
        }
        ChildApplication child = ChildApplication.start(dir, haltAt == null ? "clean" : haltAt, arguments);
        children.add(child);
        return child;
    }

    /** The database the children use (opened once the first child has created the schema). */
    private JdbcTemplate jdbc() {
        if (db == null) {
            db = database.openDataSource();
        }
        return new JdbcTemplate(db);
    }
}
