package dev.tristate.domain.tenant;

import java.time.Instant;

/** What may be shown of a channel secret: which one it is and its validity, never the secret. */
public record SecretInfo(String channel, String name, Instant createdAt, Instant validUntil) {
    public boolean validAt(Instant now) {
        return validUntil == null || validUntil.isAfter(now);
    }
}
