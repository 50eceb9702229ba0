package dev.tristate.domain.resolution;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * When the resolver asks a channel again: the delays after the first, second, ... unanswered or unsettled query. When
 * the list runs out the case is flagged for people, and the payment keeps its state: running out of patience is not
 * evidence of failure.
 */
public record QuerySchedule(List<Duration> delays) {
    public QuerySchedule {
        Objects.requireNonNull(delays, "delays");
        delays = List.copyOf(delays);
        if (delays.isEmpty()) {
            throw new IllegalArgumentException("a query schedule needs at least one delay");
        }
        for (Duration delay : delays) {
            if (delay.isNegative() || delay.isZero()) {
                throw new IllegalArgumentException("query delays must be positive: " + delays);
            }
        }
    }

    /** The wait after {@code attemptsSoFar} queries (1 = after the first); empty once the schedule is used up. */
    public Optional<Duration> delayAfter(int attemptsSoFar) {
        if (attemptsSoFar < 1) {
            throw new IllegalArgumentException("attempts start at 1");
        }
        return attemptsSoFar <= delays.size() ? Optional.of(delays.get(attemptsSoFar - 1)) : Optional.empty();
    }

    /** How many queries the schedule allows in all. */
    public int attempts() {
        return delays.size() + 1;
    }
}
