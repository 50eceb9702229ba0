package dev.tristate.adapter.in.admin;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Slows password guessing: after {@code maxFailures} failed sign-ins for one user name within the lockout period, that
 * name is refused (even with the right password) until the period has passed since the last failure. Kept in memory
 * per instance: with N instances a guesser gets N times the budget, which still bounds guessing to a handful of tries
 * per lockout period. Keyed by user name (not address) so that rotating addresses does not help a guesser.
 */
final class LoginThrottle {

    private record Failures(int count, Instant last) {
    }

    private final int maxFailures;
    private final Duration lockout;
    private final Clock clock;
    private final ConcurrentHashMap<String, Failures> failures = new ConcurrentHashMap<>();

    LoginThrottle(int maxFailures, Duration lockout, Clock clock) {
        if (maxFailures < 1 || lockout.isNegative() || lockout.isZero()) {
            throw new IllegalArgumentException("login throttling needs at least one try and a positive lockout");
        }
        this.maxFailures = maxFailures;
        this.lockout = lockout;
        this.clock = clock;
    }

    boolean isLocked(String username) {
        Failures f = failures.get(key(username));
        return f != null && f.count() >= maxFailures && clock.instant().isBefore(f.last().plus(lockout));
    }

    void failed(String username) {
        Instant now = clock.instant();
        failures.compute(key(username), (k, f) -> f == null || !now.isBefore(f.last().plus(lockout))
                ? new Failures(1, now) : new Failures(f.count() + 1, now));
    }

    void succeeded(String username) {
        failures.remove(key(username));
    }

    private static String key(String username) {
        return username == null ? "" : username.trim().toLowerCase(Locale.ROOT);
    }
}
