package dev.tristate.domain.outbox;

import java.time.Duration;
import java.time.Instant;

/**
 * What is waiting in the outbox: events not yet sent (due or backing off), the oldest of them, and the events given up
 * on (quarantined) that a person must look at.
 */
public record OutboxBacklog(long pending, Instant oldestPendingCreatedAt, long quarantined) {
    public OutboxBacklog {
        if (pending < 0 || quarantined < 0) {
            throw new IllegalArgumentException("counts cannot be negative");
        }
        if ((pending == 0) != (oldestPendingCreatedAt == null)) {
            throw new IllegalArgumentException("the oldest pending event is known exactly when there is one");
        }
    }

    public static final OutboxBacklog EMPTY = new OutboxBacklog(0, null, 0);

    /** How long the oldest pending event has waited; zero when nothing is pending. */
    public Duration oldestPendingAge(Instant now) {
        if (oldestPendingCreatedAt == null || now.isBefore(oldestPendingCreatedAt)) {
            return Duration.ZERO;
        }
        return Duration.between(oldestPendingCreatedAt, now);
    }
}
