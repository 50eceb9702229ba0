package dev.tristate.application.resolution.service;

import dev.tristate.domain.resolution.QuerySchedule;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * How the resolver works: cases per round, how long a lease lasts (longer than a status query can take), after how
 * long without change an unresolved payment gets a case, when a PENDING payment expires (it is closed only once the
 * channel says it has no payment), and the query schedule per channel.
 */
public record ResolverSettings(int batchSize, Duration lease, Duration staleAfter, Duration paymentExpiry,
                               QuerySchedule defaultSchedule, Map<String, QuerySchedule> channelSchedules) {
    public ResolverSettings {
        if (batchSize < 1) {
            throw new IllegalArgumentException("the resolver batch size must be positive");
        }
        requirePositive(lease, "lease");
        requirePositive(staleAfter, "stale-after");
        requirePositive(paymentExpiry, "payment expiry");
        Objects.requireNonNull(defaultSchedule, "default schedule");
        channelSchedules = Map.copyOf(channelSchedules);
    }

    QuerySchedule scheduleFor(String channel) {
        return channelSchedules.getOrDefault(channel, defaultSchedule);
    }

    private static void requirePositive(Duration d, String what) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException("the resolver " + what + " must be positive: " + d);
        }
    }
}
