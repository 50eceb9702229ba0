package dev.tristate.application.idempotency.port.out;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.idempotency.IdempotencyEntry;
import dev.tristate.domain.idempotency.IdempotencyKey;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.Optional;

/**
 * Idempotency-Keys, unique per (tenant, key) in the database. Every decision is taken by a write whose row count or
 * duplicate-key error decides, never by reading first: {@link #insert} claims a key, and every change after that is
 * conditional on the owner token (and state) the caller last saw.
 */
public interface IdempotencyStore {

    /**
     * Claims a new key (IN_FLIGHT, no response). {@link PersistenceFailure.AlreadyExists} when the tenant already has
     * this key: then {@link #find} it and decide.
     */
    void insert(IdempotencyEntry entry);

    Optional<IdempotencyEntry> find(TenantId tenantId, IdempotencyKey key);

    /**
     * Overwrites the stored key with {@code replacement} only while it still holds {@code expected}'s owner token and
     * state; true when it did. Used to take over an abandoned attempt and to reuse an expired key.
     */
    boolean replace(IdempotencyEntry expected, IdempotencyEntry replacement);

    /**
     * Marks the key COMPLETED with the answer, only while {@code mine} still owns it and it is IN_FLIGHT; true when it
     * did. Called inside the business transaction, so the answer is stored exactly when the effect commits.
     */
    boolean complete(IdempotencyEntry mine, int responseStatus, String responseBody);

    /**
     * Ends {@code mine}'s lease at {@code now} (only while it owns the key and the key is IN_FLIGHT), so that a retry
     * may take the key over at once; true when it did.
     */
    boolean releaseLease(IdempotencyEntry mine, Instant now);

    /**
     * Deletes at most {@code limit} keys whose retention ended before {@code now} and whose lease is over (an attempt
     * still holding its key keeps it, however old); returns how many it deleted. A later request with a deleted key
     * is a new request.
     */
    int purgeExpired(Instant now, int limit);
}
