package dev.tristate.domain.outbox;

import java.time.Instant;
import java.util.Objects;

/**
 * Five minutes of the outbox backlog: when they began, the most events waiting and the oldest waiting one's greatest
 * age (seconds) in that time, so that a spike between two reads of the dashboard is not lost.
 */
public record BacklogSample(Instant at, long waiting, long oldestWaitingSeconds) {
    public BacklogSample {
        Objects.requireNonNull(at, "at");
        if (waiting < 0 || oldestWaitingSeconds < 0) {
            throw new IllegalArgumentException("a backlog sample's count and age cannot be negative");
        }
    }
}
