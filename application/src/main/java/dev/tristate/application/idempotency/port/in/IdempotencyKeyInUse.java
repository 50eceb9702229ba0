package dev.tristate.application.idempotency.port.in;

import java.time.Duration;
import java.util.Objects;

/** The first request with this Idempotency-Key is still running: 409, try again after {@link #retryAfter()}. */
public final class IdempotencyKeyInUse extends RuntimeException {

    private final Duration retryAfter;

    public IdempotencyKeyInUse(Duration retryAfter) {
        super("a request with this idempotency key is in flight");
        this.retryAfter = Objects.requireNonNull(retryAfter, "retry after");
    }

    public Duration retryAfter() {
        return retryAfter;
    }
}
