package dev.tristate.domain.entitlement;

import dev.tristate.domain.Identifiers;
import dev.tristate.domain.tenant.TenantId;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/** A user's membership with a tenant: one end date, pushed out by every membership grant. */
public record Membership(TenantId tenantId, String userId, Instant endsAt) {
    public Membership {
        Objects.requireNonNull(tenantId, "tenant");
        Identifiers.printable("user id", userId, 64);
        Objects.requireNonNull(endsAt, "end");
    }

    /**
     * The membership after {@code days} more: counted from its current end while it runs, from {@code now} once it
     * has lapsed (or when there is none yet: {@code current} null), so paid days are never lost nor given twice.
     */
    public static Membership extend(Membership current, TenantId tenantId, String userId, int days, Instant now) {
        Objects.requireNonNull(now, "now");
        if (days < 1) {
            throw new IllegalArgumentException("a membership is extended by at least one day");
        }
        if (current != null && (!current.tenantId.equals(tenantId) || !current.userId.equals(userId))) {
            throw new IllegalArgumentException("a membership is extended for its own tenant and user");
        }
        Instant from = current == null || current.endsAt.isBefore(now) ? now : current.endsAt;
        return new Membership(tenantId, userId, from.plus(Duration.ofDays(days)));
    }

    /**
     * The membership after a grant of {@code days} was taken back (its payment refunded): the end moves back by those
     * days, but not before {@code now} (days already used are not taken back below nothing, as a token debit stops
     * at a zero balance), and a membership that has already ended stays as it is. Grants made after the refunded one
     * keep their days: the end they extended moves back with it.
     */
    public Membership shorten(int days, Instant now) {
        Objects.requireNonNull(now, "now");
        if (days < 1) {
            throw new IllegalArgumentException("a membership is shortened by at least one day");
        }
        if (!endsAt.isAfter(now)) {
            return this;
        }
        Instant shortened = endsAt.minus(Duration.ofDays(days));
        return new Membership(tenantId, userId, shortened.isBefore(now) ? now : shortened);
    }
}
