package dev.tristate.domain.outbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class OutboxBacklogTest {

    private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");

    @Test
    void theOldestPendingEventsAgeIsMeasuredFromItsCreation() {
        OutboxBacklog backlog = new OutboxBacklog(3, T0, 1);

        assertThat(backlog.oldestPendingAge(T0.plusSeconds(90))).isEqualTo(Duration.ofSeconds(90));
        assertThat(backlog.oldestPendingAge(T0.minusSeconds(1))).as("clock skew").isZero();
        assertThat(OutboxBacklog.EMPTY.oldestPendingAge(T0)).isZero();
    }

    @Test
    void anOldestPendingEventExistsExactlyWhenSomethingIsPending() {
        assertThatThrownBy(() -> new OutboxBacklog(0, T0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new OutboxBacklog(1, null, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new OutboxBacklog(-1, null, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
