package dev.tristate.application.outbox.service;

import java.time.Duration;
import java.util.Objects;

/**
 * How long SENT outbox events are kept, and how many are deleted per statement (small, so no purge holds many row
 * locks or a long transaction).
 */
public record HousekeepingSettings(Duration sentRetention, int purgeBatchSize) {
    public HousekeepingSettings {
        Objects.requireNonNull(sentRetention, "sent retention");
        if (sentRetention.isNegative()) {
            throw new IllegalArgumentException("sent retention must not be negative: " + sentRetention);
        }
        if (purgeBatchSize < 1 || purgeBatchSize > 10_000) {
            throw new IllegalArgumentException("purge batch size must be between 1 and 10000: " + purgeBatchSize);
        }
    }
}
