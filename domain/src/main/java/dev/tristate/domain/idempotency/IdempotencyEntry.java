package dev.tristate.domain.idempotency;

import dev.tristate.domain.idempotency.IdempotencyRecord.State;
import java.time.Instant;
import java.util.Objects;

/**
 * One stored Idempotency-Key: the domain's {@link IdempotencyRecord} plus what the store needs to let exactly one
 * request work on it. {@code ownerToken} names the attempt that holds the key (every claim and takeover draws a new
 * one, so a write conditional on it is a compare-and-set); {@code leaseUntil} is when a key left IN_FLIGHT may be
 * taken over; {@code reservedId} is the id of the resource the request creates (a payment id), drawn once when the
 * key is first claimed and kept across takeovers, so that a retry registers the <em>same</em> trade at the channel.
 */
public record IdempotencyEntry(IdempotencyRecord record, String ownerToken, Instant leaseUntil, String reservedId) {

    public IdempotencyEntry {
        Objects.requireNonNull(record, "record");
        Objects.requireNonNull(leaseUntil, "lease until");
        if (ownerToken == null || ownerToken.isBlank() || ownerToken.length() > 64) {
            throw new IllegalArgumentException("an owner token is 1-64 characters");
        }
        if (reservedId == null || reservedId.isBlank() || reservedId.length() > 64) {
            throw new IllegalArgumentException("a reserved id is 1-64 characters");
        }
    }

    public boolean inFlight() {
        return record.state() == State.IN_FLIGHT;
    }

    /** The same request, continued by another attempt: same fingerprint, times and reserved id, new owner and lease. */
    public IdempotencyEntry takenOverBy(String newOwnerToken, Instant newLeaseUntil) {
        if (!inFlight()) {
            throw new IllegalStateException("only a key in flight can be taken over");
        }
        return new IdempotencyEntry(record, newOwnerToken, newLeaseUntil, reservedId);
    }
}
