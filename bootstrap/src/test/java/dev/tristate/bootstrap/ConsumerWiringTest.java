package dev.tristate.bootstrap;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ConsumerWiringTest {

    private static ConsumerWiring.ConsumerProperties consumers(int maxConcurrency) {
        return new ConsumerWiring.ConsumerProperties(true,
                new ConsumerWiring.EntitlementsProperties(10, 1, maxConcurrency, 10, Duration.ofMillis(5)),
                new ConsumerWiring.RetryProperties(8, Duration.ofHours(1), new OutboxRelayWiring.BackoffProperties(
                        Duration.ofSeconds(1), Duration.ofMinutes(5), 2.0), Duration.ofSeconds(1),
                        Duration.ofSeconds(30), 50, Duration.ofSeconds(60)),
                Duration.ofSeconds(5));
    }

    @Test
    void theConsumersMayTakeHalfOfTheGeneralPoolRetryRunnerIncluded() {
        assertThatCode(() -> ConsumerWiring.requireRoomInThePool(consumers(4), 10)).doesNotThrowAnyException();
    }

    @Test
    void moreConsumersThanThePoolAffordsAreRefusedAtStartUp() {
        assertThatThrownBy(() -> ConsumerWiring.requireRoomInThePool(consumers(5), 10))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("tristate.consumers.entitlements.max-concurrency (5)")
                .hasMessageContaining("at least 12");
    }
}
