package dev.tristate.domain.tenant;

import java.time.Instant;

/** What may be shown of an API key: its prefix and validity, never the key or its hash. */
public record ApiKeyInfo(String displayPrefix, Instant createdAt, Instant expiresAt) {
    public boolean validAt(Instant now) {
        return expiresAt == null || expiresAt.isAfter(now);
    }
}
