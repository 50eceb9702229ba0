package dev.tristate.application.outbox.service;

import dev.tristate.domain.outbox.RetryPolicy;
import java.time.Duration;
import java.util.Objects;

/**
 * How the relay works a batch.
 *
 * @param batchSize   events claimed (and published, and confirmed) together
 * @param lease       how long a claim holds; must comfortably exceed publishing a batch and awaiting its confirms, or
 *                    a slow relay's events are claimed and published again by another relay (same event ids)
 * @param retryPolicy backoff and retry window for events that could not be sent
 */
public record RelaySettings(int batchSize, Duration lease, RetryPolicy retryPolicy) {
    public RelaySettings {
        if (batchSize < 1 || batchSize > 10_000) {
            throw new IllegalArgumentException("relay batch size must be between 1 and 10000: " + batchSize);
        }
        Objects.requireNonNull(lease, "lease");
        if (lease.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException("relay lease must be at least 1 s: " + lease);
        }
        Objects.requireNonNull(retryPolicy, "retry policy");
    }
}
