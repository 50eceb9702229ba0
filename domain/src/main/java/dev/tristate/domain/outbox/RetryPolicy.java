package dev.tristate.domain.outbox;

import dev.tristate.domain.outcome.Backoff;
import dev.tristate.domain.outcome.OutcomeClass;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * How the relay treats an event it could not publish: back off exponentially with jitter, and quarantine it once its
 * failures have gone on for longer than the retry window.
 *
 * <p>The window runs from the first failure in which the broker took part (it refused the message, or the answer was
 * lost), not from the event's creation: an event written during a long broker outage gets its full window once the
 * broker is back. An attempt that never reached the broker ({@link OutcomeClass#RETRYABLE}: connection refused)
 * neither starts nor ends the window: a broker that is down makes events wait, never vanish.
 */
public record RetryPolicy(Backoff backoff, Duration window) {
    public RetryPolicy {
        Objects.requireNonNull(backoff, "backoff");
        Objects.requireNonNull(window, "retry window");
        if (window.isNegative()) {
            throw new IllegalArgumentException("the retry window must not be negative");
        }
    }

    /**
     * The decision after a failed attempt.
     *
     * @param attemptsBefore failed attempts before this one
     * @param firstFailedAt  the first failure that counts towards the window, or null when none has yet
     * @param failure        how this attempt failed
     * @param now            when it failed
     * @param jitter         a random number in [0, 1)
     */
    public RetryDecision afterFailure(int attemptsBefore, Instant firstFailedAt, OutcomeClass failure, Instant now,
                                      double jitter) {
        if (attemptsBefore < 0) {
            throw new IllegalArgumentException("attempts cannot be negative");
        }
        Objects.requireNonNull(failure, "failure");
        Objects.requireNonNull(now, "now");
        int attempts = attemptsBefore == Integer.MAX_VALUE ? attemptsBefore : attemptsBefore + 1;
        Instant retryAt = now.plus(backoff.delayBefore(attempts, jitter));
        if (failure == OutcomeClass.RETRYABLE) {
            return new RetryDecision.RetryAt(attempts, firstFailedAt, retryAt);
        }
        Instant windowStart = firstFailedAt == null ? now : firstFailedAt;
        if (Duration.between(windowStart, now).compareTo(window) >= 0) {
            return new RetryDecision.Quarantine(attempts, windowStart);
        }
        return new RetryDecision.RetryAt(attempts, windowStart, retryAt);
    }
}
