package dev.tristate.domain.idempotency;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * The rules for a key that the database already holds (the caller lost the insert race on the unique key, which is
 * what decides; this never reads before writing).
 */
public final class IdempotencyRules {

    private IdempotencyRules() {
    }

    public static IdempotencyDecision decide(IdempotencyRecord existing, RequestFingerprint fingerprint, Instant now,
                                             Duration retryAfter) {
        Objects.requireNonNull(existing, "existing record");
        Objects.requireNonNull(fingerprint, "fingerprint");
        if (!now.isBefore(existing.expiresAt())) {
            return new IdempotencyDecision.Expired();
        }
        if (!existing.fingerprint().equals(fingerprint)) {
            return new IdempotencyDecision.KeyReused();
        }
        return switch (existing.state()) {
            case IN_FLIGHT -> new IdempotencyDecision.InFlight(retryAfter);
            case COMPLETED -> new IdempotencyDecision.Replay(existing.responseStatus(), existing.responseBody());
        };
    }
}
