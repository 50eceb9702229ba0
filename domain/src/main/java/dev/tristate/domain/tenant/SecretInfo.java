package dev.tristate.domain.tenant;

import java.time.Instant;

/**
 * What may be shown of a channel secret: which one it is ({@code id}, to revoke it by) and its validity, never the
 * secret.
 */
public record SecretInfo(long id, String channel, String name, Instant createdAt, Instant validUntil) {
    public boolean validAt(Instant now) {
        return validUntil == null || validUntil.isAfter(now);
    }
}
