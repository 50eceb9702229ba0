package dev.tristate.domain.idempotency;

import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.Objects;

/**
 * What the database holds for one (tenant, key): the fingerprint of the first request, and once it finished, the
 * answer that was given, to be given again.
 */
public record IdempotencyRecord(TenantId tenantId, IdempotencyKey key, RequestFingerprint fingerprint, State state,
                                int responseStatus, String responseBody, Instant createdAt, Instant expiresAt) {

    public enum State { IN_FLIGHT, COMPLETED }

    public IdempotencyRecord {
        Objects.requireNonNull(tenantId);
        Objects.requireNonNull(key);
        Objects.requireNonNull(fingerprint);
        Objects.requireNonNull(state);
        Objects.requireNonNull(createdAt);
        Objects.requireNonNull(expiresAt);
        if (state == State.COMPLETED && (responseStatus < 100 || responseStatus > 599)) {
            throw new IllegalArgumentException("a completed record holds the HTTP status it answered");
        }
    }

    public static IdempotencyRecord inFlight(TenantId tenantId, IdempotencyKey key, RequestFingerprint fingerprint,
                                             Instant now, java.time.Duration retention) {
        return new IdempotencyRecord(tenantId, key, fingerprint, State.IN_FLIGHT, 0, null, now, now.plus(retention));
    }
}
