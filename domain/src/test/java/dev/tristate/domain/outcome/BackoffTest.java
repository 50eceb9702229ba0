package dev.tristate.domain.outcome;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BackoffTest {

    private final Backoff backoff = new Backoff(Duration.ofMillis(100), Duration.ofSeconds(10), 2.0);

    @Test
    void theFirstRetryWaitsBetweenHalfAndAllOfTheBase() {
        assertThat(backoff.delayBefore(1, 0.0)).isEqualTo(Duration.ofMillis(50));
        assertThat(backoff.delayBefore(1, 0.5)).isEqualTo(Duration.ofMillis(75));
        assertThat(backoff.delayBefore(1, 0.999)).isBetween(Duration.ofMillis(99), Duration.ofMillis(100));
    }

    @Test
    void theDelayGrowsWithTheAttempt() {
        for (int attempt = 1; attempt < 7; attempt++) {
            assertThat(backoff.delayBefore(attempt + 1, 0.5)).as("attempt %d", attempt + 1)
                    .isGreaterThan(backoff.delayBefore(attempt, 0.5));
        }
    }

    @Test
    void theDelayIsNeverAboveTheMaximum() {
        assertThat(backoff.delayBefore(30, 0.999_999)).isLessThanOrEqualTo(Duration.ofSeconds(10));
        assertThat(backoff.delayBefore(Integer.MAX_VALUE, 0.999_999)).isLessThanOrEqualTo(Duration.ofSeconds(10));
        assertThat(backoff.delayBefore(30, 0.0)).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void theDelayIsNeverZero() {
        Backoff tiny = new Backoff(Duration.ofMillis(1), Duration.ofMillis(1), 1.0);

        assertThat(tiny.delayBefore(1, 0.0)).isEqualTo(Duration.ofMillis(1));
    }

    @ParameterizedTest
    @ValueSource(doubles = {-0.1, 1.0, 1.5, Double.NaN, Double.POSITIVE_INFINITY})
    void aJitterOutsideZeroToOneIsRefused(double jitter) {
        assertThatThrownBy(() -> backoff.delayBefore(1, jitter))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("jitter");
    }

    @Test
    void attemptsStartAtOne() {
        assertThatThrownBy(() -> backoff.delayBefore(0, 0.5)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aBackoffNeedsAPositiveBaseNotAboveTheMaximum() {
        assertThatThrownBy(() -> new Backoff(Duration.ZERO, Duration.ofSeconds(1), 2.0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Backoff(Duration.ofMillis(-1), Duration.ofSeconds(1), 2.0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Backoff(Duration.ofSeconds(2), Duration.ofSeconds(1), 2.0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.99, 0.0, -2.0, Double.NaN, Double.POSITIVE_INFINITY})
    void aMultiplierBelowOneOrNotFiniteIsRefused(double multiplier) {
        assertThatThrownBy(() -> new Backoff(Duration.ofMillis(100), Duration.ofSeconds(1), multiplier))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aBaseOrMaximumBelowOneMillisecondIsRefusedBecauseDelaysAreWholeMilliseconds() {
        assertThatThrownBy(() -> new Backoff(Duration.ofNanos(500_000), Duration.ofSeconds(1), 2.0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Backoff(Duration.ofNanos(100_000), Duration.ofNanos(500_000), 2.0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
