package dev.tristate.adapter.out.messaging.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.amqp.AmqpException;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.ReturnedMessage;
import org.springframework.amqp.rabbit.connection.CorrelationData;
import org.springframework.amqp.rabbit.connection.CorrelationData.Confirm;

/**
 * The same confirm/return checks as {@link EmbeddedBrokerConfirmsTest}, against a real RabbitMQ
 * with a quorum queue. Runs only when TRISTATE_IT_RABBIT_HOST is set; optional
 * TRISTATE_IT_RABBIT_PORT, _USER, _PASSWORD, _VHOST default to 5672, guest, guest, "/".
 */
@Timeout(60)
class RabbitMqConfirmsTest {

    private static final int NO_ROUTE = 312;

    private ConfirmingRabbitRig rig;

    @BeforeEach
    void declareTopology() {
        String host = System.getenv("TRISTATE_IT_RABBIT_HOST");
        Assumptions.assumeTrue(host != null && !host.isBlank(),
                "TRISTATE_IT_RABBIT_HOST is not set: skipping the tests against a real RabbitMQ");

        rig = new ConfirmingRabbitRig(host,
                Integer.parseInt(env("TRISTATE_IT_RABBIT_PORT", "5672")),
                env("TRISTATE_IT_RABBIT_USER", "guest"),
                env("TRISTATE_IT_RABBIT_PASSWORD", "guest"),
                env("TRISTATE_IT_RABBIT_VHOST", "/"));
        rig.declareTopology(TopologyArguments.forDurableQueue(BrokerKind.RABBITMQ));
    }

    @AfterEach
    void deleteTopology() {
        if (rig == null) {
            return;
        }
        try {
            rig.deleteTopology();
        } finally {
            rig.close();
        }
    }

    @Test
    void queueIsAQuorumQueue() {
        // RabbitMQ refuses to redeclare an existing queue with different arguments (406
        // PRECONDITION_FAILED, inequivalent arg 'x-queue-type'): proof the queue is a quorum queue.
        assertThatThrownBy(() -> rig.admin.declareQueue(new Queue(rig.queue, true, false, false, Map.of())))
                .isInstanceOf(AmqpException.class)
                .rootCause().hasMessageContaining("x-queue-type");
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

        // RabbitMQ delivers the return first and then ACKS the message: the ack alone would
        // wrongly say "sent"; the return recorded on the CorrelationData is what says "not sent".
        assertThat(confirm.ack()).as("RabbitMQ acks an unroutable mandatory message").isTrue();
        assertThat(correlation.getReturned()).as("return recorded before the confirm completed").isNotNull();
        assertThat(ConfirmingRabbitRig.isSent(correlation, confirm)).isFalse();
        assertThat(rig.template.receive(rig.queue, 200)).isNull();
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
