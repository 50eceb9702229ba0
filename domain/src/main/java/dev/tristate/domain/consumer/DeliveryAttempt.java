package dev.tristate.domain.consumer;

import java.time.Instant;
import java.util.Objects;

/** One line of a delivery's attempt history: when, and what came of it. */
public record DeliveryAttempt(int number, Instant at, String result) {
    public DeliveryAttempt {
        if (number < 1) {
            throw new IllegalArgumentException("attempts are numbered from 1");
        }
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(result, "result");
    }
}
