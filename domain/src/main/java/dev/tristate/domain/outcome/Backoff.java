package dev.tristate.domain.outcome;

import java.time.Duration;
import java.util.Objects;

/**
 * Exponential backoff with "equal jitter" (half of the delay fixed, half random), capped. Delays are whole milliseconds,
 * so base and maximum must be at least one. The random draw comes in as a number in [0, 1) so that the rule stays pure
 * and testable.
 */
public record Backoff(Duration base, Duration max, double multiplier) {
    public Backoff {
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(max, "max");
        if (base.toMillis() < 1 || max.compareTo(base) < 0) {
            throw new IllegalArgumentException("backoff needs 1 ms <= base <= max");
        }
        if (!(multiplier >= 1.0) || Double.isInfinite(multiplier)) {
            throw new IllegalArgumentException("backoff multiplier must be at least 1");
        }
    }

    /** The delay before attempt number {@code attempt} (1 = the first retry), scaled by {@code jitter} in [0, 1). */
    public Duration delayBefore(int attempt, double jitter) {
        if (attempt < 1) {
            throw new IllegalArgumentException("attempt starts at 1");
        }
        if (!(jitter >= 0.0 && jitter < 1.0)) {
            throw new IllegalArgumentException("jitter must be in [0, 1)");
        }
        double ceiling = Math.min(max.toMillis(), base.toMillis() * Math.pow(multiplier, attempt - 1));
        // Half fixed, half random: spreads retries out without ever retrying immediately.
        long millis = (long) (ceiling / 2 + ceiling / 2 * jitter);
        return Duration.ofMillis(Math.max(1, millis));
    }
}
