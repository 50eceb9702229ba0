package dev.tristate.application.idempotency.service;

import java.time.Duration;
import java.util.Objects;

/**
 * How long a key is kept, and how long one attempt may hold it before another may take it over. The lease must
 * outlast the slowest attempt (the channel call's timeout plus the transaction); if it does not, nothing goes wrong,
 * but the slow attempt's work is thrown away when it finds its key taken.
 */
public record IdempotencySettings(Duration retention, Duration lease) {

    /** The merchant API contract keeps a key at least this long. */
    public static final Duration MINIMUM_RETENTION = Duration.ofHours(24);

    public IdempotencySettings {
        Objects.requireNonNull(retention, "retention");
        Objects.requireNonNull(lease, "lease");
        if (retention.compareTo(MINIMUM_RETENTION) < 0) {
            throw new IllegalArgumentException("idempotency keys are kept at least 24 h, not " + retention);
        }
        if (lease.isNegative() || lease.isZero() || lease.compareTo(retention) >= 0) {
            throw new IllegalArgumentException("the idempotency lease must be positive and shorter than the retention");
        }
    }

    public static IdempotencySettings defaults() {
        return new IdempotencySettings(MINIMUM_RETENTION, Duration.ofSeconds(30));
    }
}
