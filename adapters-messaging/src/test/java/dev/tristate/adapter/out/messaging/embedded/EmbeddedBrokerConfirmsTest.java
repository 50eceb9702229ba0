package dev.tristate.adapter.out.messaging.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.ShutdownSignalException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.ReturnedMessage;
import org.springframework.amqp.rabbit.connection.CorrelationData;
import org.springframework.amqp.rabbit.connection.CorrelationData.Confirm;

/** Publisher confirms, mandatory returns and the refused RabbitMQ queue arguments, on the embedded broker. */
@Timeout(60)
class EmbeddedBrokerConfirmsTest {

    private static final String USER = "tristate";
    private static final String PASSWORD = "embedded-secret";
    private static final int NO_ROUTE = 312;

    private static EmbeddedAmqpBroker broker;
    private ConfirmingRabbitRig rig;

    @BeforeAll
    static void startBroker() {
        broker = EmbeddedAmqpBroker.start("127.0.0.1", 0, USER, PASSWORD);
    }

    @AfterAll
    static void stopBroker() {
        if (broker != null) {
            broker.close();
        }
    }

    @BeforeEach
    void declareTopology() {
        rig = new ConfirmingRabbitRig(broker.host(), broker.port(), USER, PASSWORD, "/");
        rig.declareTopology(TopologyArguments.forDurableQueue(BrokerKind.EMBEDDED_QPID));
    }

    @AfterEach
    void deleteTopology() {
        try {
            rig.deleteTopology();
        } finally {
            rig.close();
        }
    }

    @Test
    void routablePersistentMessageIsConfirmedAndDelivered() throws Exception {
        rig.assertARoutableMessageIsConfirmedAndDeliveredOnce();
    }

    @Test
    void unroutableMandatoryMessageIsReturnedAndCountsAsNotSent() throws Exception {
        String messageId = UUID.randomUUID().toString();

        CorrelationData correlation = rig.publish("no.binding.for.this.key", messageId);
        Confirm confirm = ConfirmingRabbitRig.awaitConfirm(correlation);

        await().atMost(Duration.ofSeconds(10)).until(() -> !rig.returnsFor(messageId).isEmpty());
        ReturnedMessage returned = rig.returnsFor(messageId).get(0);
        assertThat(returned.getReplyCode()).isEqualTo(NO_ROUTE);
        assertThat(returned.getExchange()).isEqualTo(rig.exchange);
        assertThat(returned.getRoutingKey()).isEqualTo("no.binding.for.this.key");

        // Qpid sends the nack before the return (RabbitMQ: return, then ack), so the confirm alone
        // already says "not sent" here; the relay must still treat a return as "not sent" too.
        assertThat(confirm.ack()).as("Qpid nacks an unroutable mandatory message").isFalse();
        assertThat(ConfirmingRabbitRig.isSent(correlation, confirm)).isFalse();
        assertThat(rig.template.receive(rig.queue, 200)).isNull();
    }

    @Test
    void connectionStaysUsableAfterAReturn() throws Exception {
        String unroutable = UUID.randomUUID().toString();
        ConfirmingRabbitRig.awaitConfirm(rig.publish("no.binding.for.this.key", unroutable));
        await().atMost(Duration.ofSeconds(10)).until(() -> !rig.returnsFor(unroutable).isEmpty());

        String routable = UUID.randomUUID().toString();
        CorrelationData correlation = rig.publish(rig.routingKey, routable);

        assertThat(ConfirmingRabbitRig.isSent(correlation, ConfirmingRabbitRig.awaitConfirm(correlation))).isTrue();
        Message received = rig.template.receive(rig.queue, 5_000);
        assertThat(received).isNotNull();
        assertThat(received.getMessageProperties().getMessageId()).isEqualTo(routable);
    }

    /**
     * Why {@link TopologyArguments} gives the embedded broker no arguments: Qpid refuses RabbitMQ's
     * queue arguments with 542 and closes the whole connection, not just the channel.
     */
    @ParameterizedTest
    @ValueSource(strings = {"x-queue-type=quorum", "x-dead-letter-exchange=tristate.dlx"})
    void rabbitMqQueueArgumentsAreRefusedAndCloseTheConnection(String argument) throws Exception {
        String[] keyValue = argument.split("=", 2);
        String queue = "tristate.test.refused." + UUID.randomUUID();
        ConnectionFactory factory = new ConnectionFactory();
        factory.setHost(broker.host());
        factory.setPort(broker.port());
        factory.setUsername(USER);
        factory.setPassword(PASSWORD);
        factory.setVirtualHost("/");

        Connection connection = factory.newConnection();
        try {
            Channel channel = connection.createChannel();
            Map<String, Object> arguments = Map.of(keyValue[0], keyValue[1]);

            assertThatThrownBy(() -> channel.queueDeclare(queue, true, false, false, arguments))
                    .isInstanceOf(IOException.class)
                    .cause().isInstanceOfSatisfying(ShutdownSignalException.class, signal -> {
                        assertThat(signal.isHardError()).as("connection-level error").isTrue();
                        assertThat(signal.getMessage()).contains("542").contains("Unsupported queue declare argument");
                    });
            assertThat(connection.isOpen()).isFalse();
        } finally {
            connection.abort(); // close() would throw on the connection the broker already closed
        }
        assertThat(rig.admin.getQueueProperties(queue)).as("queue %s must not exist", queue).isNull();
    }
}
