package dev.tristate.domain.outbox;

import java.util.Objects;
import java.util.UUID;

/**
 * Who holds a claim on outbox rows. A relay writes back only the rows whose token is still its own: once a lease has
 * expired and another relay claimed the row, the first relay's token no longer matches and its write-back is refused.
 */
public record LeaseToken(UUID value) {
    public LeaseToken {
        Objects.requireNonNull(value, "lease token");
    }

    public static LeaseToken of(String value) {
        try {
            return new LeaseToken(UUID.fromString(value));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("lease token is not a UUID: " + value, e);
        }
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
