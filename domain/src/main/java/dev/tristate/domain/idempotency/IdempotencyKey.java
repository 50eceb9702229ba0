package dev.tristate.domain.idempotency;

import dev.tristate.domain.Identifiers;

/** The client's key for one logical POST: 1-255 printable ASCII characters, scoped to the tenant. */
public record IdempotencyKey(String value) {
    public static final int MAX_LENGTH = 255;

    public IdempotencyKey {
        Identifiers.printable("Idempotency-Key", value, MAX_LENGTH);
    }
}
