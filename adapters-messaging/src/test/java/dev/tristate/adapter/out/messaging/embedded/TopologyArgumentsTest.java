package dev.tristate.adapter.out.messaging.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TopologyArgumentsTest {

    @Test
    void rabbitMqQueuesAreQuorumQueues() {
        assertThat(TopologyArguments.forDurableQueue(BrokerKind.RABBITMQ))
                .containsExactlyEntriesOf(Map.of("x-queue-type", "quorum"));
    }

    @Test
    void embeddedQpidQueuesHaveNoArguments() {
        assertThat(TopologyArguments.forDurableQueue(BrokerKind.EMBEDDED_QPID)).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(BrokerKind.class)
    void noBrokerKindUsesDeadLettering(BrokerKind kind) {
        assertThat(TopologyArguments.forDurableQueue(kind).keySet())
                .noneMatch(key -> key.startsWith("x-dead-letter"));
    }

    @Test
    void argumentsCannotBeChangedByTheCaller() {
        assertThatThrownBy(() -> TopologyArguments.forDurableQueue(BrokerKind.RABBITMQ).put("x-dead-letter-exchange", "dlx"))
                .isInstanceOf(UnsupportedOperationException.class);
    }
}
