package dev.tristate.domain.outcome;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

class BackoffProperties {

    @Property(tries = 1000)
    void theDelayIsAtLeastOneMillisecondAndNeverAboveTheMaximum(
            @ForAll @LongRange(min = 1, max = 60_000) long baseMillis,
            @ForAll @LongRange(min = 0, max = 3_600_000) long extraMillis,
            @ForAll @DoubleRange(min = 1.0, max = 10.0) double multiplier,
            @ForAll @IntRange(min = 1, max = 200) int attempt,
            @ForAll @DoubleRange(min = 0.0, max = 1.0, maxIncluded = false) double jitter) {
        Duration max = Duration.ofMillis(baseMillis + extraMillis);
        Backoff backoff = new Backoff(Duration.ofMillis(baseMillis), max, multiplier);

        Duration delay = backoff.delayBefore(attempt, jitter);

        assertThat(delay).isGreaterThanOrEqualTo(Duration.ofMillis(1)).isLessThanOrEqualTo(max);
    }

    @Property(tries = 1000)
    void aLaterAttemptNeverWaitsLessForTheSameDraw(
            @ForAll @LongRange(min = 1, max = 60_000) long baseMillis,
            @ForAll @LongRange(min = 0, max = 3_600_000) long extraMillis,
            @ForAll @DoubleRange(min = 1.0, max = 10.0) double multiplier,
            @ForAll @IntRange(min = 1, max = 200) int attempt,
            @ForAll @DoubleRange(min = 0.0, max = 1.0, maxIncluded = false) double jitter) {
        Backoff backoff = new Backoff(Duration.ofMillis(baseMillis), Duration.ofMillis(baseMillis + extraMillis),
                multiplier);

        assertThat(backoff.delayBefore(attempt + 1, jitter)).isGreaterThanOrEqualTo(backoff.delayBefore(attempt, jitter));
    }

    @Property(tries = 1000)
    void theDelayIsNeverLessThanHalfTheCeiling(
            @ForAll @LongRange(min = 2, max = 60_000) long baseMillis,
            @ForAll @DoubleRange(min = 0.0, max = 1.0, maxIncluded = false) double jitter) {
        // Half fixed: a retry storm cannot collapse onto "retry now" however the draws fall.
        Backoff backoff = new Backoff(Duration.ofMillis(baseMillis), Duration.ofMillis(baseMillis), 1.0);

        assertThat(backoff.delayBefore(1, jitter).toMillis()).isGreaterThanOrEqualTo(baseMillis / 2);
    }
}
