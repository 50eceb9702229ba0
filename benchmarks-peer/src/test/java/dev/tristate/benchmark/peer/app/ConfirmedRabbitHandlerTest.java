package dev.tristate.benchmark.peer.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.testing.IntegrationEnvironment;
import io.namastack.outbox.handler.OutboxRecordMetadata;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.TopicExchange;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.amqp.rabbit.core.RabbitAdmin;
import org.springframework.amqp.rabbit.core.RabbitTemplate;

/**
 * The peer's handler completes a record only once the broker has its message: against a real broker (RabbitMQ with
 * TRISTATE_IT_RABBIT_HOST, else the in-process Qpid), as the application configures its template (correlated
 * confirms, returns, mandatory).
 */
class ConfirmedRabbitHandlerTest {

    private final String exchange = "peer-test-" + UUID.randomUUID();
    private CachingConnectionFactory connections;
    private RabbitAdmin admin;
    private RabbitTemplate rabbit;

    @BeforeEach
    void connect() {
        connections = new CachingConnectionFactory(IntegrationEnvironment.rabbitHost(),
                IntegrationEnvironment.rabbitPort());
        connections.setUsername(IntegrationEnvironment.rabbitUser());
        connections.setPassword(IntegrationEnvironment.rabbitPassword());
        connections.setVirtualHost(IntegrationEnvironment.rabbitVirtualHost());
        connections.setPublisherConfirmType(CachingConnectionFactory.ConfirmType.CORRELATED);
        connections.setPublisherReturns(true);
        admin = new RabbitAdmin(connections);
        admin.declareExchange(new TopicExchange(exchange, false, true));
        rabbit = new RabbitTemplate(connections);
        rabbit.setMandatory(true);
    }

    @AfterEach
    void close() {
        admin.deleteExchange(exchange);
        connections.destroy();
    }

    @Test
    void a_routed_message_is_confirmed_and_the_record_completes() {
        Queue queue = admin.declareQueue();
        admin.declareBinding(BindingBuilder.bind(queue).to(new TopicExchange(exchange)).with("PaymentSucceeded"));

        handler("PaymentSucceeded").handle(anEvent(), metadata());

        assertThat(admin.getQueueInfo(queue.getName()).getMessageCount()).isEqualTo(1);
        admin.deleteQueue(queue.getName());
    }

    @Test
    void an_unroutable_message_comes_back_and_fails_the_record_so_namastack_retries_it() {
        ConfirmedRabbitHandler handler = handler("NoQueueIsBoundForThis");

        assertThatThrownBy(() -> handler.handle(anEvent(), metadata()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("returned unroutable");
    }

    @Test
    void a_payload_of_another_type_fails_the_record() {
        ConfirmedRabbitHandler handler = handler("PaymentSucceeded");

        assertThatThrownBy(() -> handler.handle("not an event", metadata()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private ConfirmedRabbitHandler handler(String routingKey) {
        return new ConfirmedRabbitHandler(rabbit, new PeerProperties(exchange, "unused", routingKey,
                Duration.ofSeconds(10), ""));
    }

    private static PaymentSucceeded anEvent() {
        String eventId = UUID.randomUUID().toString();
        return new PaymentSucceeded(eventId, "PaymentSucceeded", "bench-peer", "pay_test_1", Instant.now().toString(),
                "o-pay_test_1", 1999, "CNY", "T-" + eventId, "u-42", "course:java-101");
    }

    private static OutboxRecordMetadata metadata() {
        return new OutboxRecordMetadata("pay_test_1", "handler", Instant.now(), Map.of());
    }
}
