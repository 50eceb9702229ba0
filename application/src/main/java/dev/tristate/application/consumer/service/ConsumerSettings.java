package dev.tristate.application.consumer.service;

import dev.tristate.domain.consumer.ConsumerRetryPolicy;
import java.time.Duration;
import java.util.Objects;

/**
 * @param retryBatchSize how many due retries one round takes
 * @param retryLease     how long a claimed retry is not due for other runners (longer than one attempt takes)
 * @param requeuePause   how long a listener waits before giving a message back that it could not even record
 */
public record ConsumerSettings(ConsumerRetryPolicy retryPolicy, int retryBatchSize, Duration retryLease,
                               Duration requeuePause) {
    public ConsumerSettings {
        Objects.requireNonNull(retryPolicy, "retry policy");
        Objects.requireNonNull(retryLease, "retry lease");
        Objects.requireNonNull(requeuePause, "requeue pause");
        if (retryBatchSize < 1) {
            throw new IllegalArgumentException("the retry batch size is at least 1");
        }
        if (retryLease.isNegative() || retryLease.isZero() || requeuePause.isNegative()) {
            throw new IllegalArgumentException("the retry lease is positive and the requeue pause not negative");
        }
    }
}
