package dev.tristate.bootstrap.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpServer;
import com.zaxxer.hikari.HikariDataSource;
import dev.tristate.adapter.out.persistence.tenant.SecretCipher;
import dev.tristate.application.tenant.port.out.TenantWebhooks;
import dev.tristate.bootstrap.support.ChildApplication;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.amqp.rabbit.core.RabbitAdmin;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Crash point C6 of the task runner, proven by halting the application's JVM there
 * ({@code tristate.fault-injection.halt-at=C6}): the tenant's service (a local HTTP server) has been told of the
 * grant, the task is not marked done. Once the dead runner's lease ends, the next process tells it again with the
 * same Idempotency-Key and marks the task done: the receiver can apply it once, and nothing is lost.
 */
class TaskCrashPointKillTest {

    private static final String MASTER_KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
    private static final DateTimeFormatter LITERAL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS");
    private static final String TENANT = "t-c6";

    @TempDir
    Path dir;

    private final String run = UUID.randomUUID().toString().substring(0, 8);
    private final String exchange = "tristate.test.c6.events." + run;
    private final String queue = "tristate.test.c6.entitlements." + run;
    private final List<String> idempotencyKeys = new CopyOnWriteArrayList<>();
    private RelayTestDatabase database;
    private HikariDataSource db;
    private CachingConnectionFactory broker;
    private HttpServer tenantService;
    private final List<ChildApplication> children = new ArrayList<>();

    @BeforeEach
    void servicesOfTheTestsOwn() throws Exception {
        database = RelayTestDatabase.fileBacked("c6", dir);
        broker = RelayBroker.integration().connectionFactory();
        tenantService = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        tenantService.createContext("/grants", exchange -> {
            idempotencyKeys.add(exchange.getRequestHeaders().getFirst("Idempotency-Key"));
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        tenantService.start();
    }

    @AfterEach
    void cleanUp() {
        children.forEach(ChildApplication::close);
        tenantService.stop(0);
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
    void aRunnerKilledAfterTheCallBeforeMarkingDoneLeadsToOneMoreCallWithTheSameKeyAndTheTaskDone() throws Exception {
        ChildApplication first = start("C6");
        String payment = "pay_" + UUID.randomUUID().toString().replace("-", "");
        insertPaidPaymentWithItsEventAndTheTenantsEndpoint(payment);
        String taskKey = "entitlement-granted:" + payment + ":course:java-101";

        assertThat(first.awaitExit(Duration.ofSeconds(60))).isEqualTo(137);
        assertThat(first.log()).contains("halting at crash point C6");
        assertThat(idempotencyKeys).as("the tenant's service was told").containsExactly(taskKey);
        assertThat(taskStatus(taskKey)).as("but the task was not marked done").isEqualTo("PENDING");

        start(null);
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                .until(() -> "DONE".equals(taskStatus(taskKey)));

        assertThat(idempotencyKeys).as("told once more, under the same key").containsExactly(taskKey, taskKey);
        assertThat(jdbc().queryForObject("SELECT COUNT(*) FROM entitlements WHERE payment_id = ?", Long.class,
                payment)).isEqualTo(1);
        assertThat(jdbc().queryForObject("SELECT attempts FROM tasks WHERE task_key = ?", Integer.class, taskKey))
                .isEqualTo(1);
    }

    private String taskStatus(String taskKey) {
        List<String> status = jdbc().queryForList("SELECT status FROM tasks WHERE task_key = ?", String.class,
                taskKey);
        return status.isEmpty() ? null : status.get(0);
    }

    private void insertPaidPaymentWithItsEventAndTheTenantsEndpoint(String payment) {
        String now = LITERAL.format(LocalDateTime.ofInstant(Instant.now(), ZoneOffset.UTC));
        JdbcTemplate jdbc = jdbc();
        jdbc.update("INSERT INTO payments (id, tenant_id, merchant_order_id, amount_minor, currency, channel, user_id,"
                + " sku, description, status, channel_txn_id, refunded_minor, created_at, updated_at, paid_at,"
                + " version) VALUES (?, ?, ?, 1999, 'CNY', 'sandbox', 'u-42', 'course:java-101', 'Java 101',"
                + " 'SUCCEEDED', ?, 0, ?, ?, ?, 1)", payment, TENANT, "o-" + payment, "SBX-" + run, now, now, now);
        jdbc.update("INSERT INTO tenant_webhooks (tenant_id, url, updated_at) VALUES (?, ?, ?)", TENANT,
                "http://127.0.0.1:" + tenantService.getAddress().getPort() + "/grants", now);
        // Notices are signed: the tenant's webhook signing secret, encrypted under the children's master key.
        jdbc.update("INSERT INTO channel_secrets (tenant_id, channel, name, ciphertext, created_at) VALUES (?, ?, ?, ?,"
                + " ?)", TENANT, TenantWebhooks.SIGNING_CHANNEL, TenantWebhooks.SIGNING_SECRET,
                SecretCipher.fromBase64(MASTER_KEY, new SecureRandom()).encrypt("whsec_"
                        + Base64.getEncoder().encodeToString(new byte[32])), now);
        String eventId = UUID.randomUUID().toString();
        String payload = "{\"event_id\":\"" + eventId + "\",\"event_type\":\"PaymentSucceeded\",\"tenant_id\":\""
                + TENANT + "\",\"payment_id\":\"" + payment + "\",\"user_id\":\"u-42\",\"sku\":\"course:java-101\"}";
        jdbc.update("INSERT INTO outbox_events (event_id, event_key, tenant_id, aggregate_type, aggregate_id,"
                + " event_type, payload, status, attempts, next_attempt_at, created_at)"
                + " VALUES (?, ?, ?, 'payment', ?, 'PaymentSucceeded', ?, 'PENDING', 0, ?, ?)",
                eventId, "PaymentSucceeded|" + payment + "|", TENANT, payment, payload, now, now);
    }

    private ChildApplication start(String haltAt) throws Exception {
        List<String> arguments = new ArrayList<>(RelayBroker.integration().arguments(database));
        arguments.addAll(List.of("--spring.profiles.active=prod", "--tristate.security.master-key=" + MASTER_KEY,
                "--tristate.data-dir=" + dir.resolve("data"), "--tristate.demo.enabled=true",
                "--tristate.demo.tenant-id=" + TENANT, "--tristate.relay.interval=100ms",
                "--tristate.relay.lease=5s", "--tristate.relay.confirm-timeout=2s",
                "--tristate.relay.exchange=" + exchange, "--tristate.relay.queue=" + queue,
                "--tristate.tasks.interval=100ms", "--tristate.tasks.lease=5s",
                "--tristate.tasks.connect-timeout=1s", "--tristate.tasks.read-timeout=1s",
                // The tenant's service is this test's, on this machine, over http.
                "--tristate.webhooks.require-https=false", "--tristate.webhooks.allow-private-networks=true"));
        if (haltAt != null) {
            arguments.add("--tristate.fault-injection.halt-at=" + haltAt);
        }
        ChildApplication child = ChildApplication.start(dir, haltAt == null ? "clean" : haltAt, arguments);
        children.add(child);
        return child;
    }

    private JdbcTemplate jdbc() {
        if (db == null) {
            db = database.openDataSource();
        }
        return new JdbcTemplate(db);
    }
}
