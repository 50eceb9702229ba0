package dev.tristate.domain.consumer;

import dev.tristate.domain.outbox.RetryDecision;
import dev.tristate.domain.outcome.Backoff;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * How a consumer retries a transient failure: exponential backoff with jitter, bounded both in count
 * ({@code maxAttempts}, the first delivery included) and in time ({@code window}, from the first failure). A permanent
 * failure is quarantined at once.
 */
public record ConsumerRetryPolicy(Backoff backoff, int maxAttempts, Duration window) {
    public ConsumerRetryPolicy {
        Objects.requireNonNull(backoff, "backoff");
        Objects.requireNonNull(window, "window");
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("at least one attempt");
        }
        if (window.isNegative()) {
            throw new IllegalArgumentException("the retry window must not be negative");
        }
    }

    /**
     * @param attempts      failed attempts so far, this one included
     * @param firstFailedAt the first failure (this one when it is the first)
     * @param jitter        a random number in [0, 1)
     */
    public RetryDecision afterFailure(int attempts, Instant firstFailedAt, ConsumerFailure failure, Instant now,
                                      double jitter) {
        Objects.requireNonNull(firstFailedAt, "first failure");
        Objects.requireNonNull(failure, "failure");
        Objects.requireNonNull(now, "now");
        if (attempts < 1) {
            throw new IllegalArgumentException("a decision follows at least one failed attempt");
        }
        Instant retryAt = now.plus(backoff.delayBefore(attempts, jitter));
        if (failure.permanent() || attempts >= maxAttempts
                || Duration.between(firstFailedAt, retryAt).compareTo(window) > 0) {
            return new RetryDecision.Quarantine(attempts, firstFailedAt);
        }
        return new RetryDecision.RetryAt(attempts, firstFailedAt, retryAt);
    }
}
