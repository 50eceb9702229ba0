package dev.tristate.adapter.in.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.tristate.adapter.out.messaging.embedded.EmbeddedAmqpBroker;
import dev.tristate.application.consumer.port.in.ConsumeEventUseCase;
import dev.tristate.domain.consumer.InboundMessage;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.amqp.rabbit.core.RabbitAdmin;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.amqp.rabbit.listener.SimpleMessageListenerContainer;

/**
 * The listener on a real AMQP broker (the embedded Qpid; RabbitMQ in the application's end-to-end tests): it acks only
 * what the use case acknowledged, and gives a message back to the broker only after the pause the use case asked for.
 */
class EntitlementsListenerOnQpidTest {

    private static EmbeddedAmqpBroker broker;
    private final String queue = "tristate.test.listener." + UUID.randomUUID();
    private CachingConnectionFactory connectionFactory;
    private SimpleMessageListenerContainer container;
    private final Queue<Seen> seen = new ConcurrentLinkedQueue<>();

    private record Seen(InboundMessage message, long atNanos) {
    }

    @BeforeAll
    static void startBroker() {
        broker = EmbeddedAmqpBroker.start("127.0.0.1", 0, "tristate", "tristate");
    }

    @AfterAll
    static void stopBroker() {
        broker.close();
    }

    @AfterEach
    void stop() {
        if (container != null) {
            container.stop();
        }
        new RabbitAdmin(connectionFactory).deleteQueue(queue);
        connectionFactory.destroy();
    }

    private void listen(Function<Integer, ConsumeEventUseCase.ConsumeResult> answers) {
        connectionFactory = new CachingConnectionFactory(broker.host(), broker.port());
        connectionFactory.setUsername("tristate");
        connectionFactory.setPassword("tristate");
        new RabbitAdmin(connectionFactory).declareQueue(new org.springframework.amqp.core.Queue(queue, true));
        ConsumeEventUseCase useCase = message -> {
            seen.add(new Seen(message, System.nanoTime()));
            return answers.apply(seen.size());
        };
        container = EntitlementsListener.container(connectionFactory,
                new EntitlementsListener.Settings(queue, 5, 1, 1, Duration.ofMillis(300)),
                new EntitlementsListener(useCase, Duration.ofMillis(300), new SimpleMeterRegistry()));
        container.start();
    }

    /** A batching use case that records each batch's size and answers every message with {@code answer}. */
    private void listenInBatches(int batchSize, java.util.List<Integer> batches,
                                 Function<InboundMessage, ConsumeEventUseCase.ConsumeResult> answer) {
        connectionFactory = new CachingConnectionFactory(broker.host(), broker.port());
        connectionFactory.setUsername("tristate");
        connectionFactory.setPassword("tristate");
        new RabbitAdmin(connectionFactory).declareQueue(new org.springframework.amqp.core.Queue(queue, true));
        ConsumeEventUseCase useCase = new ConsumeEventUseCase() {
            @Override
            public ConsumeResult consume(InboundMessage message) {
                return consumeAll(java.util.List.of(message)).get(0);
            }

            @Override
            public java.util.List<ConsumeResult> consumeAll(java.util.List<InboundMessage> messages) {
                batches.add(messages.size());
                messages.forEach(m -> seen.add(new Seen(m, System.nanoTime())));
                return messages.stream().map(answer).toList();
            }
        };
        container = EntitlementsListener.container(connectionFactory, new EntitlementsListener.Settings(queue,
                        batchSize, 1, 1, Duration.ofMillis(300), batchSize, Duration.ofMillis(50)),
                new EntitlementsListener(useCase, Duration.ofMillis(300), new SimpleMeterRegistry()));
    }

    @Test
    void aBatchIsTakenTogetherAndAcknowledgedTogether() {
        java.util.List<Integer> batches = new java.util.concurrent.CopyOnWriteArrayList<>();
        listenInBatches(10, batches, m -> new ConsumeEventUseCase.Acknowledge(ConsumeEventUseCase.Outcome.APPLIED,
                "granted"));
        for (int i = 0; i < 25; i++) {
            send("e-" + i);
        }

        container.start();

        await().atMost(Duration.ofSeconds(10)).until(() -> seen.size() == 25);
        container.stop();
        assertThat(messagesInTheQueue()).as("acknowledged, not given back when the consumer stopped").isZero();
        assertThat(batches).as("the prefetched messages, ten at a time").contains(10);
        assertThat(batches.stream().mapToInt(Integer::intValue).sum()).isEqualTo(25);
    }

    @Test
    void inABatchOnlyTheMessageThatCouldNotBeRecordedGoesBackToTheBroker() {
        java.util.List<Integer> batches = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.concurrent.atomic.AtomicBoolean refusedOnce = new java.util.concurrent.atomic.AtomicBoolean();
        listenInBatches(5, batches, m -> m.messageId().equals("e-2") && refusedOnce.compareAndSet(false, true)
                ? new ConsumeEventUseCase.RequeueAfter(Duration.ofMillis(100), "database down")
                : new ConsumeEventUseCase.Acknowledge(ConsumeEventUseCase.Outcome.APPLIED, "granted"));
        for (int i = 0; i < 5; i++) {
            send("e-" + i);
        }

        container.start();

        await().atMost(Duration.ofSeconds(10)).until(() -> seen.size() == 6);
        container.stop();
        assertThat(messagesInTheQueue()).isZero();
        assertThat(seen).extracting(s -> s.message().messageId()).filteredOn("e-2"::equals).hasSize(2);
        assertThat(seen).extracting(s -> s.message().messageId()).filteredOn("e-3"::equals).hasSize(1);
    }

    @Test
    void theLagIsTimedFromTheEventsCommitAndTheDeliveryInWorkShowsWithItsAge() throws Exception {
        assertThat(ConsumerLag.CREATED_AT_HEADER).as("what the relay writes")
                .isEqualTo(dev.tristate.adapter.out.messaging.RabbitEventPublisher.CREATED_AT_HEADER);
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        connectionFactory = new CachingConnectionFactory(broker.host(), broker.port());
        connectionFactory.setUsername("tristate");
        connectionFactory.setPassword("tristate");
        new RabbitAdmin(connectionFactory).declareQueue(new org.springframework.amqp.core.Queue(queue, true));
        ConsumeEventUseCase useCase = message -> {
            seen.add(new Seen(message, System.nanoTime()));
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return new ConsumeEventUseCase.Acknowledge(ConsumeEventUseCase.Outcome.APPLIED, "granted");
        };
        container = EntitlementsListener.container(connectionFactory,
                new EntitlementsListener.Settings(queue, 5, 1, 1, Duration.ofMillis(300)),
                new EntitlementsListener(useCase, Duration.ofMillis(300), meters));
        container.start();

        send("e-old", java.time.Instant.now().minus(Duration.ofMinutes(5)).toString());

        await().atMost(Duration.ofSeconds(10)).until(() -> seen.size() == 1);
        assertThat(meters.get("tristate.consumer.in.flight").tag("consumer", "entitlements").gauge().value())
                .isEqualTo(1);
        assertThat(meters.get("tristate.consumer.oldest.unacked.age").timeGauge()
                .value(java.util.concurrent.TimeUnit.SECONDS)).isGreaterThanOrEqualTo(300);
        release.countDown();
        io.micrometer.core.instrument.Timer lag = meters.get("tristate.consumer.lag").timer();
        await().atMost(Duration.ofSeconds(10)).until(() -> lag.count() == 1);
        assertThat(lag.max(java.util.concurrent.TimeUnit.SECONDS)).isGreaterThanOrEqualTo(300);
        await().atMost(Duration.ofSeconds(10)).until(() ->
                meters.get("tristate.consumer.in.flight").gauge().value() == 0);
        assertThat(meters.get("tristate.consumer.oldest.unacked.age").timeGauge()
                .value(java.util.concurrent.TimeUnit.SECONDS)).isZero();

        send("e-garbled", "yesterday");

        await().atMost(Duration.ofSeconds(10)).until(() -> seen.size() == 2);
        container.stop();
        assertThat(lag.count()).as("no commit time, no lag to time").isEqualTo(1);
        assertThat(messagesInTheQueue()).isZero();
    }

    private void send(String id) {
        send(id, null);
    }

    private void send(String id, String createdAt) {
        MessageProperties properties = new MessageProperties();
        if (createdAt != null) {
            properties.setHeader("created_at", createdAt);
        }
        properties.setMessageId(id);
        properties.setType("PaymentSucceeded");
        properties.setHeader("tenant_id", "t-1");
        properties.setContentType(MessageProperties.CONTENT_TYPE_JSON);
        new RabbitTemplate(connectionFactory).send("", queue,
                new Message("{\"a\":1}".getBytes(StandardCharsets.UTF_8), properties));
    }

    private long messagesInTheQueue() {
        return new RabbitAdmin(connectionFactory).getQueueInfo(queue).getMessageCount();
    }

    @Test
    void anAcknowledgedMessageIsAckedOnceAndCarriesWhatTheBrokerDelivered() {
        listen(n -> new ConsumeEventUseCase.Acknowledge(ConsumeEventUseCase.Outcome.APPLIED, "granted"));

        send("e-1");

        await().atMost(Duration.ofSeconds(10)).until(() -> seen.size() == 1);
        InboundMessage message = seen.peek().message();
        assertThat(message.messageId()).isEqualTo("e-1");
        assertThat(message.type()).isEqualTo("PaymentSucceeded");
        assertThat(message.headers()).containsEntry("tenant_id", "t-1").containsEntry("amqp.routing-key", queue);
        assertThat(new String(message.body(), StandardCharsets.UTF_8)).isEqualTo("{\"a\":1}");
        container.stop();
        assertThat(messagesInTheQueue()).as("acked, not back in the queue").isZero();
        assertThat(seen).hasSize(1);
    }

    @Test
    void aMessageThatCouldNotBeRecordedComesBackOnlyAfterThePause() {
        listen(n -> n == 1 ? new ConsumeEventUseCase.RequeueAfter(Duration.ofMillis(400), "database down")
                : new ConsumeEventUseCase.Acknowledge(ConsumeEventUseCase.Outcome.APPLIED, "granted"));

        send("e-2");

        await().atMost(Duration.ofSeconds(10)).until(() -> seen.size() == 2);
        List<Seen> both = List.copyOf(seen);
        assertThat(both.get(1).message()).isEqualTo(both.get(0).message());
        assertThat(Duration.ofNanos(both.get(1).atNanos() - both.get(0).atNanos()))
                .as("no hot requeue").isGreaterThanOrEqualTo(Duration.ofMillis(400));
        container.stop();
        assertThat(messagesInTheQueue()).isZero();
    }

    @Test
    void aFailingUseCaseNeitherLosesTheMessageNorSpinsOnIt() {
        listen(n -> {
            if (n == 1) {
                throw new IllegalStateException("a bug");
            }
            return new ConsumeEventUseCase.Acknowledge(ConsumeEventUseCase.Outcome.APPLIED, "granted");
        });

        send("e-3");

        await().atMost(Duration.ofSeconds(10)).until(() -> seen.size() == 2);
        List<Seen> both = List.copyOf(seen);
        assertThat(Duration.ofNanos(both.get(1).atNanos() - both.get(0).atNanos()))
                .isGreaterThanOrEqualTo(Duration.ofMillis(300));
    }
}
