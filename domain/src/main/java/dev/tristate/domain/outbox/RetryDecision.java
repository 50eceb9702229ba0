package dev.tristate.domain.outbox;

import java.time.Instant;
import java.util.Objects;

/** What becomes of an outbox event after a publish attempt that did not end in "sent". */
public sealed interface RetryDecision {

    /** Failed attempts so far, this one included. */
    int attempts();

    /**
     * When the first failure that counts towards the retry window happened; null while only attempts that never
     * reached the broker (broker unreachable) have failed.
     */
    Instant firstFailedAt();

    /** Try again at {@code nextAttemptAt}. */
    record RetryAt(int attempts, Instant firstFailedAt, Instant nextAttemptAt) implements RetryDecision {
        public RetryAt {
            requirePositive(attempts);
            Objects.requireNonNull(nextAttemptAt, "next attempt");
        }
    }

    /** Give up: the retry window is over. The event is kept, visible and replayable with its original id. */
    record Quarantine(int attempts, Instant firstFailedAt) implements RetryDecision {
        public Quarantine {
            requirePositive(attempts);
            Objects.requireNonNull(firstFailedAt, "first failure");
        }
    }

    private static void requirePositive(int attempts) {
        if (attempts < 1) {
            throw new IllegalArgumentException("a decision follows at least one failed attempt");
        }
    }
}
