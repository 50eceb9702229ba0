package dev.tristate.adapter.out.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.adapter.out.messaging.embedded.BrokerKind;
import dev.tristate.application.outbox.port.out.EventPublisher.NotSent;
import dev.tristate.application.outbox.port.out.EventPublisher.OutgoingEvent;
import dev.tristate.application.outbox.port.out.EventPublisher.PublishOutcome;
import dev.tristate.application.outbox.port.out.EventPublisher;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.event.EventType;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.tenant.TenantId;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageDeliveryMode;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.TopicExchange;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory.ConfirmType;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.amqp.rabbit.core.RabbitAdmin;
import org.springframework.amqp.rabbit.core.RabbitTemplate;

/**
 * What the publisher must do on every broker kind: the embedded Qpid broker (always) and RabbitMQ (when
 * TRISTATE_IT_RABBIT_HOST is set). Each test declares its own exchange and queue with {@link EventTopology}.
 */
@Timeout(120)
abstract class RabbitEventPublisherContract {

    protected static final String TENANT = "t-publisher";

    protected abstract BrokerKind kind();

    protected abstract CachingConnectionFactory connectionFactory();

    /**
     * How an unroutable event is refused: RabbitMQ returns it and then acks it (the return must be matched with the
     * ack that follows it), Qpid nacks it and returns it after.
     */
    protected abstract String unroutableReason();

    protected final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    protected CachingConnectionFactory connectionFactory;
    protected EventTopology topology;
    protected RabbitAdmin admin;
    protected RabbitEventPublisher publisher;

    static CachingConnectionFactory confirming(String host, int port, String user, String password, String vhost) {
        CachingConnectionFactory factory = new CachingConnectionFactory(host, port);
        factory.setUsername(user);
        factory.setPassword(password);
        factory.setVirtualHost(vhost);
        factory.setPublisherConfirmType(ConfirmType.CORRELATED);
        factory.setPublisherReturns(true);
        return factory;
    }

    @BeforeEach
    void declareTheTopology() {
        connectionFactory = connectionFactory();
        String run = UUID.randomUUID().toString().substring(0, 8);
        topology = new EventTopology(kind(), "tristate.test.events." + run, "tristate.test.entitlements." + run);
        admin = new RabbitAdmin(connectionFactory);
        // As the application does: declared on connecting, for the broker kind the broker names.
        connectionFactory.addConnectionListener(new EventTopologyDeclarer(topology.exchange(),
                topology.entitlementsQueue(), null));
        publisher = new RabbitEventPublisher(connectionFactory, topology.exchange(), Duration.ofSeconds(10), meters);
    }

    @AfterEach
    void deleteTheTopology() {
        try {
            admin.deleteQueue(topology.entitlementsQueue());
            admin.deleteExchange(topology.exchange());
        } finally {
            publisher.close();
            connectionFactory.destroy();
        }
    }

    protected static OutgoingEvent anEvent(String type) {
        EventId id = EventId.derive("pay_" + UUID.randomUUID().toString().replace("-", ""), EventType.PaymentSucceeded,
                null);
        return new OutgoingEvent(id, type, new TenantId(TENANT),
                "{\"event_id\":\"" + id + "\",\"event_type\":\"" + type + "\",\"note\":\"支付成功\"}");
    }

    private List<Message> drain(String queue) {
        RabbitTemplate reader = new RabbitTemplate(connectionFactory);
        List<Message> messages = new ArrayList<>();
        Message message;
        while ((message = reader.receive(queue, 1_000)) != null) {
            messages.add(message);
        }
        return messages;
    }

    private double counter(String name, String... tags) {
        return meters.get(name).tags(tags).counter().count();
    }

    @Test
    void aBatchIsConfirmedAndEveryEventArrivesOnceWithItsIdTypeTenantAndPayload() {
        List<OutgoingEvent> batch = new ArrayList<>();
        for (String type : EventTopology.entitlementEventTypes()) {
            batch.add(anEvent(type));
        }

        Map<EventId, PublishOutcome> outcomes = publisher.publish(batch);

        assertThat(outcomes).hasSize(batch.size());
        assertThat(outcomes.values()).allMatch(EventPublisher.SENT::equals);
        List<Message> received = drain(topology.entitlementsQueue());
        assertThat(received).hasSize(batch.size());
        for (OutgoingEvent event : batch) {
            Message message = received.stream()
                    .filter(m -> event.eventId().toString().equals(m.getMessageProperties().getMessageId()))
                    .findFirst().orElseThrow();
            assertThat(message.getMessageProperties().getType()).isEqualTo(event.eventType());
            assertThat((String) message.getMessageProperties().getHeader(RabbitEventPublisher.TENANT_HEADER))
                    .isEqualTo(TENANT);
            assertThat(message.getMessageProperties().getReceivedDeliveryMode())
                    .isEqualTo(MessageDeliveryMode.PERSISTENT);
            assertThat(message.getMessageProperties().getContentType()).isEqualTo("application/json");
            assertThat(message.getMessageProperties().getContentEncoding()).isEqualTo("UTF-8");
            assertThat(message.getMessageProperties().getPriority()).isZero();
            assertThat(message.getMessageProperties().getHeaders()).as("only the tenant header, no correlation header")
                    .containsOnlyKeys(RabbitEventPublisher.TENANT_HEADER);
            assertThat(new String(message.getBody(), StandardCharsets.UTF_8)).isEqualTo(event.payload());
        }
    }

    @Test
    void anUnroutableEventIsNotSentWhileTheRestOfItsBatchIs() {
        OutgoingEvent routable = anEvent("PaymentSucceeded");
        OutgoingEvent unroutable = anEvent("NothingIsBoundForThis");

        Map<EventId, PublishOutcome> outcomes = publisher.publish(List.of(routable, unroutable));

        assertThat(outcomes.get(routable.eventId())).isEqualTo(EventPublisher.SENT);
        assertThat(outcomes.get(unroutable.eventId())).isInstanceOfSatisfying(NotSent.class, notSent -> {
            assertThat(notSent.outcomeClass()).isEqualTo(OutcomeClass.DEFINITE);
            assertThat(notSent.reason()).startsWith(unroutableReason());
        });
        assertThat(drain(topology.entitlementsQueue())).extracting(m -> m.getMessageProperties().getMessageId())
                .containsExactly(routable.eventId().toString());
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(10))
                .until(() -> counter("tristate.outbox.returns") == 1.0);
    }

    @Test
    void aLargeBatchIsPublishedAndConfirmedAsOneBatch() {
        List<OutgoingEvent> batch = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            batch.add(anEvent(i % 2 == 0 ? "PaymentSucceeded" : "RefundSucceeded"));
        }

        Map<EventId, PublishOutcome> outcomes = publisher.publish(batch);

        assertThat(outcomes.values()).allMatch(EventPublisher.SENT::equals);
        assertThat(meters.get("tristate.outbox.publish.latency").timer().count()).as("one latency per batch")
                .isEqualTo(1);
        assertThat(meters.get("tristate.outbox.batch.size").summary().count()).isEqualTo(1);
        assertThat(meters.get("tristate.outbox.batch.size").summary().totalAmount()).isEqualTo(500.0);
        assertThat(counter("tristate.outbox.published")).isEqualTo(500.0);
        assertThat(counter("tristate.outbox.confirms", "result", "ack")).isEqualTo(500.0);
        Set<String> ids = new HashSet<>();
        drain(topology.entitlementsQueue()).forEach(m -> ids.add(m.getMessageProperties().getMessageId()));
        assertThat(ids).hasSize(500);
    }

    /** The relay benchmark's one-by-one baseline (docs/benchmarks.md): every event a batch of its own. */
    @Test
    void batchesOfOneGiveTheSameOutcomesOneRoundTripAtATime() {
        List<OutgoingEvent> batch = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            batch.add(anEvent("PaymentSucceeded"));
        }
        OutgoingEvent unroutable = anEvent("NothingIsBoundForThis");
        batch.add(10, unroutable);

        Map<EventId, PublishOutcome> outcomes = new java.util.HashMap<>();
        for (OutgoingEvent event : batch) {
            outcomes.putAll(publisher.publish(List.of(event)));
        }

        assertThat(outcomes).hasSize(21);
        assertThat(outcomes.get(unroutable.eventId())).isInstanceOfSatisfying(NotSent.class, notSent ->
                assertThat(notSent.outcomeClass()).isEqualTo(OutcomeClass.DEFINITE));
        assertThat(outcomes.entrySet()).filteredOn(e -> !e.getKey().equals(unroutable.eventId()))
                .allMatch(e -> EventPublisher.SENT.equals(e.getValue()));
        assertThat(counter("tristate.outbox.confirms", "result", "ack") + counter("tristate.outbox.confirms",
                "result", "nack")).isEqualTo(21.0);
        assertThat(meters.get("tristate.outbox.publish.latency").timer().count()).as("one round trip per event")
                .isEqualTo(21);
        assertThat(meters.get("tristate.outbox.batch.size").summary().count()).isEqualTo(21);
        assertThat(meters.get("tristate.outbox.batch.size").summary().max()).isEqualTo(1.0);
        assertThat(drain(topology.entitlementsQueue())).hasSize(20);
    }

    @Test
    void aChannelTheBrokerClosesWhileConfirmsAreOutstandingLeavesThemUnknownAndTheNextBatchGetsANewChannel() {
        // Publishing to an exchange that does not exist: the broker closes the channel (404), with no confirm.
        String missing = topology.exchange() + ".missing";
        RabbitEventPublisher toMissing = new RabbitEventPublisher(connectionFactory, missing, Duration.ofSeconds(30),
                meters);
        try {
            List<OutgoingEvent> batch = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                batch.add(anEvent("PaymentSucceeded"));
            }
            long started = System.nanoTime();

            Map<EventId, PublishOutcome> outcomes = toMissing.publish(batch);

            assertThat(Duration.ofNanos(System.nanoTime() - started)).as("not left to the confirm timeout")
                    .isLessThan(Duration.ofSeconds(20));
            assertThat(outcomes).hasSize(20);
            assertThat(outcomes.values()).allSatisfy(outcome -> assertThat(outcome).isInstanceOfSatisfying(
                    NotSent.class, notSent -> assertThat(notSent.outcomeClass()).isEqualTo(OutcomeClass.UNKNOWN)));
            // The first one went out on an open channel: it may be in a queue, the close is its answer.
            assertThat(((NotSent) outcomes.get(batch.get(0).eventId())).reason())
                    .startsWith("channel closed before the confirm").contains("404");

            TopicExchange exchange = new TopicExchange(missing, true, false);
            admin.declareExchange(exchange);
            try {
                admin.declareBinding(BindingBuilder.bind(new Queue(topology.entitlementsQueue())).to(exchange)
                        .with("PaymentSucceeded"));
                OutgoingEvent next = anEvent("PaymentSucceeded");

                assertThat(toMissing.publish(List.of(next))).containsEntry(next.eventId(), EventPublisher.SENT);
                assertThat(drain(topology.entitlementsQueue())).extracting(m -> m.getMessageProperties()
                        .getMessageId()).containsExactly(next.eventId().toString());
            } finally {
                admin.deleteExchange(missing);
            }
        } finally {
            toMissing.close();
        }
    }

    @Test
    void aConnectionTheFactoryReplacedIsNotPublishedOnAgain() {
        OutgoingEvent first = anEvent("PaymentSucceeded");
        assertThat(publisher.publish(List.of(first))).containsEntry(first.eventId(), EventPublisher.SENT);

        connectionFactory.resetConnection();
        OutgoingEvent second = anEvent("PaymentFailed");

        assertThat(publisher.publish(List.of(second))).containsEntry(second.eventId(), EventPublisher.SENT);
        assertThat(drain(topology.entitlementsQueue())).extracting(m -> m.getMessageProperties().getMessageId())
                .containsExactlyInAnyOrder(first.eventId().toString(), second.eventId().toString());
    }

    @Test
    void noConfirmBeforeTheDeadlineIsUnknownAndTheMessageMayBeInTheQueueAllTheSame() {
        // A deadline that has passed before the confirm can come back.
        RabbitEventPublisher impatient = new RabbitEventPublisher(connectionFactory, topology.exchange(),
                Duration.ofNanos(1), meters);
        try {
            // A confirm that is back before the first look counts, deadline or not (an in-process broker can be that
            // quick): publish until one is not, at most 50 times.
            List<String> published = new ArrayList<>();
            NotSent unknown = null;
            for (int attempt = 0; attempt < 50 && unknown == null; attempt++) {
                OutgoingEvent event = anEvent("PaymentSucceeded");
                published.add(event.eventId().toString());
                PublishOutcome outcome = impatient.publish(List.of(event)).get(event.eventId());
                if (outcome instanceof NotSent notSent) {
                    unknown = notSent;
                } else {
                    assertThat(outcome).isEqualTo(EventPublisher.SENT);
                }
            }

            assertThat(unknown).as("an outcome without a confirm in time").isNotNull();
            assertThat(unknown.outcomeClass()).isEqualTo(OutcomeClass.UNKNOWN);
            assertThat(unknown.reason()).startsWith("no publisher confirm within");
            assertThat(counter("tristate.outbox.confirms", "result", "none")).isEqualTo(1.0);
            assertThat(drain(topology.entitlementsQueue())).extracting(m -> m.getMessageProperties().getMessageId())
                    .containsExactlyInAnyOrderElementsOf(published);
        } finally {
            impatient.close();
        }
    }

    @Test
    void batchesPublishedFromSeveralThreadsAtOnceAreEachConfirmedOnTheirOwn() throws Exception {
        int threads = 4;
        int batches = 5;
        int batchSize = 50;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Map<EventId, PublishOutcome>>> results = new ArrayList<>();
            CountDownLatch start = new CountDownLatch(1);
            for (int t = 0; t < threads; t++) {
                results.add(pool.submit(() -> {
                    start.await();
                    Map<EventId, PublishOutcome> all = new java.util.HashMap<>();
                    for (int b = 0; b < batches; b++) {
                        List<OutgoingEvent> batch = new ArrayList<>();
                        for (int i = 0; i < batchSize; i++) {
                            batch.add(anEvent("PaymentSucceeded"));
                        }
                        Map<EventId, PublishOutcome> outcomes = publisher.publish(batch);
                        assertThat(outcomes.keySet()).containsExactlyInAnyOrderElementsOf(
                                batch.stream().map(OutgoingEvent::eventId).toList());
                        all.putAll(outcomes);
                    }
                    return all;
                }));
            }
            start.countDown();
            Set<EventId> sent = new HashSet<>();
            for (Future<Map<EventId, PublishOutcome>> result : results) {
                Map<EventId, PublishOutcome> outcomes = result.get(60, TimeUnit.SECONDS);
                assertThat(outcomes.values()).allMatch(EventPublisher.SENT::equals);
                sent.addAll(outcomes.keySet());
            }

            assertThat(sent).hasSize(threads * batches * batchSize);
            assertThat(counter("tristate.outbox.confirms", "result", "ack")).isEqualTo(sent.size());
            List<String> received = drain(topology.entitlementsQueue()).stream()
                    .map(m -> m.getMessageProperties().getMessageId()).toList();
            assertThat(received).hasSize(sent.size()).doesNotHaveDuplicates();
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aClosedPublisherSendsNothing() {
        publisher.close();
        OutgoingEvent event = anEvent("PaymentSucceeded");

        assertThat(publisher.publish(List.of(event)).get(event.eventId())).isInstanceOfSatisfying(NotSent.class,
                notSent -> assertThat(notSent.outcomeClass()).isEqualTo(OutcomeClass.RETRYABLE));
        assertThat(drain(topology.entitlementsQueue())).isEmpty();
    }

    @Test
    void whenTheBrokerCannotBeReachedNothingIsSentAndTheOutcomeSaysSo() throws IOException {
        assertUnreachable(confirming("127.0.0.1", closedPort(), "guest", "guest", "/"));
    }

    @Test
    void aBrokerThatRefusesTheConnectionIsUnreachableToo() {
        assertUnreachable(refusingConnectionFactory());
    }

    /** A connection factory the broker refuses at connection open: wrong password here. */
    protected CachingConnectionFactory refusingConnectionFactory() {
        CachingConnectionFactory refused = connectionFactory();
        refused.setPassword("not-the-password");
        return refused;
    }

    protected void assertUnreachable(CachingConnectionFactory factory) {
        RabbitEventPublisher cut = new RabbitEventPublisher(factory, topology.exchange(), Duration.ofSeconds(5),
                new SimpleMeterRegistry());
        try {
            Map<EventId, PublishOutcome> outcomes = cut.publish(List.of(anEvent("PaymentSucceeded"),
                    anEvent("PaymentFailed")));

            assertThat(outcomes).hasSize(2);
            assertThat(outcomes.values()).allSatisfy(outcome -> assertThat(outcome).isInstanceOfSatisfying(
                    NotSent.class, notSent -> {
                        assertThat(notSent.outcomeClass()).isEqualTo(OutcomeClass.RETRYABLE);
                        assertThat(notSent.reason()).contains("broker unreachable");
                    }));
        } finally {
            cut.close();
            factory.destroy();
        }
    }

    @Test
    void aConnectionFactoryWithoutConfirmsAndReturnsIsRefused() {
        CachingConnectionFactory plain = new CachingConnectionFactory("127.0.0.1", 1);
        try {
            assertThatThrownBy(() -> new RabbitEventPublisher(plain, "x", Duration.ofSeconds(1),
                    new SimpleMeterRegistry()))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("publisher confirms");
        } finally {
            plain.destroy();
        }
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
