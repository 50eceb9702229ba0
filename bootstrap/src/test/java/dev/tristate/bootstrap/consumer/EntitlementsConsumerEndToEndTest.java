package dev.tristate.bootstrap.consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.tristate.application.consumer.port.in.PaymentEntitlementsQuery;
import dev.tristate.bootstrap.TristateApplication;
import dev.tristate.domain.entitlement.Entitlement;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import dev.tristate.testing.IntegrationEnvironment;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.rabbit.connection.ConnectionFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The entitlements consumer in the whole application (prod profile) against the test run's database and broker
 * (MariaDB and RabbitMQ under .ci/run, else H2 and the in-process Qpid broker): outbox, relay, queue, listener, grant.
 * Redeliveries are published straight to the exchange, as a relay publishing again after a crash (C4) would.
 */
@SpringBootTest(classes = TristateApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
                "tristate.relay.interval=100ms"})
@ActiveProfiles("prod")
class EntitlementsConsumerEndToEndTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        IntegrationEnvironment.register(registry);
    }

    @Autowired DataSource dataSource;
    @Autowired ConnectionFactory connectionFactory;
    @Autowired PaymentEntitlementsQuery entitlementsOf;

    private final String tenant = "t-" + UUID.randomUUID().toString().substring(0, 12);

    @Test
    void aPaymentSucceededInTheOutboxIsGrantedOnceHoweverOftenItIsDelivered() {
        ConsumerTestEvents events = new ConsumerTestEvents(dataSource);
        String eventId = UUID.randomUUID().toString();
        String payment = ConsumerTestEvents.paymentId();
        String payload = ConsumerTestEvents.succeeded(eventId, tenant, payment, "u-42", "tokens:100");

        events.intoTheOutbox(eventId, tenant, payment, payload);
        await().atMost(WAIT).until(() -> events.inboxRows(eventId) == 1);
        ConsumerTestEvents.publish(connectionFactory, eventId, "PaymentSucceeded", payload);
        ConsumerTestEvents.publish(connectionFactory, eventId, "PaymentSucceeded", payload);
        // The same purchase in an event of another id: the business key holds.
        String otherEventId = UUID.randomUUID().toString();
        ConsumerTestEvents.publish(connectionFactory, otherEventId, "PaymentSucceeded",
                ConsumerTestEvents.succeeded(otherEventId, tenant, payment, "u-42", "tokens:100"));
        await().atMost(WAIT).until(() -> events.inboxRows(otherEventId) == 1);

        List<Entitlement> granted = entitlementsOf.entitlementsOf(new TenantId(tenant), new PaymentId(payment));
        assertThat(granted).singleElement().satisfies(e -> assertThat(e.key().sku()).isEqualTo("tokens:100"));
        assertThat(events.tokenBalance(tenant, "u-42")).isEqualTo(100);
        assertThat(events.inboxRows(eventId)).isEqualTo(1);
        assertThat(events.deliveries(eventId)).as("nothing failed").isEmpty();
    }

    @Test
    void theSameEventIdWithOtherContentIsQuarantinedWithTheOriginalMessage() {
        ConsumerTestEvents events = new ConsumerTestEvents(dataSource);
        String eventId = UUID.randomUUID().toString();
        String payment = ConsumerTestEvents.paymentId();
        ConsumerTestEvents.publish(connectionFactory, eventId, "PaymentSucceeded",
                ConsumerTestEvents.succeeded(eventId, tenant, payment, "u-42", "membership:30d"));
        await().atMost(WAIT).until(() -> events.inboxRows(eventId) == 1);

        String forged = ConsumerTestEvents.succeeded(eventId, tenant, payment, "u-42", "membership:3000d");
        ConsumerTestEvents.publish(connectionFactory, eventId, "PaymentSucceeded", forged);

        await().atMost(WAIT).until(() -> events.deliveries(eventId).size() == 1);
        Map<String, Object> quarantined = events.deliveries(eventId).get(0);
        assertThat(quarantined.get("status")).isEqualTo("QUARANTINED");
        assertThat((String) quarantined.get("last_error")).contains("delivered again with different content");
        assertThat(new String((byte[]) quarantined.get("body"), StandardCharsets.UTF_8)).isEqualTo(forged);
        assertThat((String) quarantined.get("headers")).contains("\"tenant_id\":\"t-test\"");
        assertThat(events.entitlements(tenant, payment)).isEqualTo(1);
    }

    @Test
    void anUnreadableMessageIsQuarantinedAndAcked() {
        ConsumerTestEvents events = new ConsumerTestEvents(dataSource);
        String messageId = UUID.randomUUID().toString();

        ConsumerTestEvents.publish(connectionFactory, messageId, "PaymentSucceeded", "{not json");

        await().atMost(WAIT).until(() -> events.deliveries(messageId).size() == 1);
        Map<String, Object> quarantined = events.deliveries(messageId).get(0);
        assertThat(quarantined.get("status")).isEqualTo("QUARANTINED");
        assertThat((String) quarantined.get("last_error")).startsWith("PERMANENT: unreadable payload");
        assertThat((String) quarantined.get("attempt_history")).contains("\"attempt\":1");
    }
}
