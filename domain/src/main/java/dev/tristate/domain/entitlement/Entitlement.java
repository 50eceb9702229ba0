package dev.tristate.domain.entitlement;

import dev.tristate.domain.event.EventId;
import java.time.Instant;
import java.util.Objects;

/**
 * One grant. {@code validUntil} is set for memberships: the end of the membership right after this grant extended it.
 * {@code grantedBy} is the event that granted it (another event carrying the same key grants nothing more).
 */
public record Entitlement(EntitlementKey key, EntitlementKind kind, EntitlementStatus status, EventId grantedBy,
                          Instant grantedAt, Instant validUntil) {
    public Entitlement {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(grantedBy, "granting event");
        Objects.requireNonNull(grantedAt, "granted at");
        if (kind instanceof EntitlementKind.MembershipDays != (validUntil != null)) {
            throw new IllegalArgumentException("a membership grant, and only one, has an end");
        }
    }

    /** A new grant of the kind the key's SKU names; a membership's new end comes from {@link Membership#extend}. */
    public static Entitlement grant(EntitlementKey key, EntitlementKind kind, EventId grantedBy, Instant now,
                                    Instant membershipEnd) {
        return new Entitlement(key, kind, EntitlementStatus.GRANTED, grantedBy, now, membershipEnd);
    }
}
