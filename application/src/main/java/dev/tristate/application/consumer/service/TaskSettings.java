package dev.tristate.application.consumer.service;

import dev.tristate.domain.consumer.ConsumerRetryPolicy;
import java.time.Duration;
import java.util.Objects;

/**
 * @param lease how long a claimed task is not due for other runners: longer than one downstream call may take
 */
public record TaskSettings(ConsumerRetryPolicy retryPolicy, int batchSize, Duration lease) {
    public TaskSettings {
        Objects.requireNonNull(retryPolicy, "retry policy");
        Objects.requireNonNull(lease, "lease");
        if (batchSize < 1 || lease.isNegative() || lease.isZero()) {
            throw new IllegalArgumentException("a positive batch size and lease");
        }
    }
}
