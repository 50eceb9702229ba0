package dev.tristate.bootstrap.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.tristate.adapter.out.messaging.RabbitEventPublisher;
import dev.tristate.application.outbox.port.in.RelayOutboxUseCase;
import dev.tristate.application.outbox.port.in.RelayReport;
import dev.tristate.application.outbox.port.out.EventPublisher;
import dev.tristate.application.outbox.port.out.OutboxRelayStore.OutboxEntry;
import dev.tristate.application.outbox.port.out.OutboxRelayStore;
import dev.tristate.application.outbox.service.OutboxServices;
import dev.tristate.application.outbox.service.RelaySettings;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantCommand;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase;
import dev.tristate.bootstrap.TristateApplication;
import dev.tristate.bootstrap.callback.CallbackTestSupport;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.outbox.RetryPolicy;
import dev.tristate.domain.outcome.Backoff;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.TenantId;
import dev.tristate.testing.IntegrationEnvironment;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.amqp.AmqpException;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.amqp.rabbit.core.RabbitAdmin;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The outbox relay in the whole application, on the integration services (MariaDB and RabbitMQ under .ci/run, H2 and
 * the in-process Qpid broker elsewhere), with a database of its own so that only this context's relay (and the ones
 * the tests add) work on it. Short lease, window and backoff so that retries and quarantine happen within seconds.
 */
@SpringBootTest(classes = TristateApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
                "tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
                "tristate.relay.interval=100ms", "tristate.relay.max-pause=1s", "tristate.relay.lease=10s",
                "tristate.relay.confirm-timeout=3s", "tristate.relay.retry-window=3s",
                "tristate.relay.backoff.initial=100ms", "tristate.relay.backoff.max=500ms",
                "tristate.relay.purge.sent-retention=1h", "tristate.relay.purge.interval=300ms",
                "tristate.relay.metrics-interval=200ms"})
@ActiveProfiles("prod")
@Import(OutboxRelayEndToEndTest.DropTheDatabaseOnClose.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class OutboxRelayEndToEndTest {

    private static final RelayTestDatabase DATABASE = RelayTestDatabase.create("e2e");
    private static final Duration WINDOW = Duration.ofSeconds(3);

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        RelayBroker.integration().register(registry, DATABASE);
    }

    @LocalServerPort int port;
    @Autowired ProvisionTenantUseCase tenants;
    @Autowired DataSource dataSource;
    @Autowired MeterRegistry meters;
    @Autowired OutboxRelayStore store;
    @Autowired EventPublisher publisher;
    @Autowired Transactions transactions;

    private EventTap tap;
    private OutboxRows rows;
    private final List<Message> tapped = new ArrayList<>();

    @BeforeAll
    void openTheTap() {
        tap = RelayBroker.integration().tap();
        rows = new OutboxRows(dataSource);
    }

    @AfterAll
    void closeTheTap() {
        tap.close();
    }

    /** Drops the test's database when the context closes: after the relay stopped, before the pools close. */
    @TestConfiguration(proxyBeanMethods = false)
    static class DropTheDatabaseOnClose {
        @Bean
        DisposableBean relayTestDatabaseDropper(DataSource dataSource) {
            return DATABASE::drop;
        }
    }

    /** Messages on the tap so far (they stay collected across calls), by message id. */
    private synchronized Map<String, List<Message>> tappedById() {
        tapped.addAll(tap.drain(Duration.ofMillis(500)));
        return tapped.stream().collect(Collectors.groupingBy(m -> m.getMessageProperties().getMessageId()));
    }

    private double sentCounter() {
        return meters.get("tristate.outbox.relayed").tag("outcome", "sent").counter().count();
    }

    private void awaitSent(List<String> eventIds) {
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100)).until(() -> new JdbcTemplate(
                dataSource).queryForObject("SELECT COUNT(*) FROM outbox_events WHERE status = 'SENT' AND event_id IN ("
                + eventIds.stream().map(id -> "'" + id + "'").collect(Collectors.joining(",")) + ")", Long.class)
                == eventIds.size());
    }

    @Test
    void eventsWrittenByTheCallbackPathReachTheBrokerExactlyOnceWithTheirEventIdAsMessageId() throws Exception {
        String suffix = UUID.randomUUID().toString().substring(0, 12);
        String merchant = "m-relay-" + suffix;
        String secret = "relay-secret-" + suffix;
        TenantId tenant = new TenantId("t-relay-" + suffix);
        tenants.provision(new ProvisionTenantCommand(tenant, "Relay shop", new MerchantId(merchant), Optional.empty(),
                Optional.of(secret)));
        List<String> payments = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            String payment = CallbackTestSupport.insertPendingPayment(dataSource, tenant.value());
            payments.add(payment);
            assertThat(CallbackTestSupport.post(port, secret, CallbackTestSupport.body("n-" + i + "-" + suffix,
                    merchant, payment, "T-" + i + "-" + suffix, "SUCCESS", 1999)).statusCode()).isEqualTo(200);
        }
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        List<Map<String, Object>> outbox = new ArrayList<>();
        for (String payment : payments) {
            outbox.add(jdbc.queryForMap("SELECT event_id, event_type, payload FROM outbox_events WHERE aggregate_id = ?",
                    payment));
        }
        List<String> eventIds = outbox.stream().map(r -> (String) r.get("EVENT_ID")).toList();

        awaitSent(eventIds);

        Map<String, List<Message>> byId = tappedById();
        for (Map<String, Object> event : outbox) {
            List<Message> copies = byId.get((String) event.get("EVENT_ID"));
            assertThat(copies).as("event %s on the broker exactly once", event.get("EVENT_ID")).hasSize(1);
            Message message = copies.get(0);
            assertThat(message.getMessageProperties().getType()).isEqualTo("PaymentSucceeded");
            assertThat((String) message.getMessageProperties().getHeader(RabbitEventPublisher.TENANT_HEADER))
                    .isEqualTo(tenant.value());
            assertThat(new String(message.getBody(), StandardCharsets.UTF_8)).isEqualTo(event.get("PAYLOAD"));
        }
    }

    @Test
    void anUnroutableEventIsNeverMarkedSentButRetriedThenQuarantinedAfterTheWindow() {
        String eventId = rows.insertPending(1, "NobodyIsBoundForThis").get(0);

        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
                .until(() -> "QUARANTINED".equals(rows.row(eventId).get("status")));

        OutboxEntry row = store.find(EventId.of(eventId)).orElseThrow();
        assertThat(row.sentAt()).isNull();
        assertThat(row.attempts()).as("retried before giving up").isGreaterThan(1);
        assertThat(row.lastError()).startsWith("DEFINITE:")
                .containsAnyOf("returned by the broker", "nacked by the broker");
        assertThat(Duration.between(row.firstFailedAt(), row.quarantinedAt())).isGreaterThanOrEqualTo(WINDOW);
        assertThat(tappedById()).doesNotContainKey(eventId);
        await().atMost(Duration.ofSeconds(10)).until(() ->
                meters.get("tristate.outbox.returns").counter().count() >= 1
                        && meters.get("tristate.outbox.quarantined").gauge().value() >= 1);
    }

    @Test
    void twoMoreRelaysInThisJvmWithTheScheduledOnePublishEveryEventAndNoneIsMarkedSentTwice() throws Exception {
        double sentBefore = sentCounter();
        // Not due yet: the two relays are polling before the scheduled one can see them, so all three compete.
        List<String> eventIds = rows.insertPending(600, "PaymentSucceeded", Instant.now().plusSeconds(3600));
        AtomicBoolean allSent = new AtomicBoolean();
        RelaySettings settings = new RelaySettings(25, Duration.ofSeconds(10),
                new RetryPolicy(new Backoff(Duration.ofMillis(100), Duration.ofMillis(500), 2.0), WINDOW));
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Future<Integer>> relays = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                RelayOutboxUseCase relay = OutboxServices.relayOutbox(store, publisher, transactions,
                        CrashPoints.NONE, Clock.systemUTC(), new Random(i), settings);
                relays.add(pool.submit(() -> {
                    int marked = 0;
                    while (!allSent.get()) {
                        RelayReport report = relay.relayOnce();
                        marked += report.markedSent();
                        if (report.claimed() == 0) {
                            Thread.sleep(20);
                        }
                    }
                    return marked;
                }));
            }
            Thread.sleep(100);
            rows.makeDue(eventIds);
            awaitSent(eventIds);
            allSent.set(true);
            int markedByTheTwo = 0;
            for (Future<Integer> relay : relays) {
                markedByTheTwo += relay.get(120, TimeUnit.SECONDS);
            }
            int markedByTheScheduler = (int) Math.round(sentCounter() - sentBefore);

            assertThat(markedByTheTwo + markedByTheScheduler).as("every event marked SENT exactly once")
                    .isEqualTo(eventIds.size());
            assertThat(markedByTheTwo).as("the added relays did take part").isPositive();
        } finally {
            allSent.set(true);
            pool.shutdownNow();
        }
        Map<String, List<Message>> byId = tappedById();
        Map<String, Integer> copies = new HashMap<>();
        eventIds.forEach(id -> copies.put(id, byId.getOrDefault(id, List.of()).size()));
        assertThat(copies.values()).as("each event on the broker exactly once").containsOnly(1);
    }

    @Test
    void sentEventsOlderThanTheRetentionArePurgedAndNothingElse() {
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        List<String> old = rows.insertPending(3, "PaymentFailed");
        List<String> recent = rows.insertPending(1, "PaymentFailed");
        List<String> waiting = rows.insertPending(1, "NobodyIsBoundForThisEither");
        awaitSent(old);
        awaitSent(recent);
        String twoHoursAgo = OutboxRows.literal(Instant.now().minus(Duration.ofHours(2)));
        for (String id : old) {
            jdbc.update("UPDATE outbox_events SET sent_at = ?, next_attempt_at = ?, created_at = ? WHERE event_id = ?",
                    twoHoursAgo, twoHoursAgo, twoHoursAgo, id);
        }

        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100)).until(() -> jdbc.queryForObject(
                "SELECT COUNT(*) FROM outbox_events WHERE event_id IN ('" + String.join("','", old) + "')",
                Long.class) == 0);

        assertThat(rows.row(recent.get(0)).get("status")).isEqualTo("SENT");
        assertThat(rows.row(waiting.get(0)).get("status")).isIn("PENDING", "QUARANTINED");
        assertThat(meters.get("tristate.outbox.purged").counter().count()).isGreaterThanOrEqualTo(3);
    }

    @Test
    void theEntitlementsQueueIsDeclaredByTheApplicationAsAQuorumQueueOnRabbitMqAndPlainOnQpid() {
        CachingConnectionFactory factory = RelayBroker.integration().connectionFactory();
        try {
            RabbitAdmin admin = new RabbitAdmin(factory);
            awaitSent(rows.insertPending(1, "PaymentClosed"));

            assertThat(admin.getQueueProperties("tristate.entitlements")).as("declared by the application")
                    .isNotNull();
            if (IntegrationEnvironment.realBroker()) {
                assertThatThrownBy(() -> admin.declareQueue(new Queue("tristate.entitlements", true, false, false,
                        Map.of()))).isInstanceOf(AmqpException.class).rootCause()
                        .hasMessageContaining("x-queue-type");
            }
        } finally {
            factory.destroy();
        }
    }
}
