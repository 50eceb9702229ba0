package dev.tristate.adapter.in.admin;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.tristate.domain.console.ConsoleUser;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/**
 * Slows password guessing without handing anyone a way to lock a person out. Failures are counted per user name and
 * client address together: after {@code maxFailures} of them, that pair waits {@code delay} before its next try, and
 * each further failure doubles the wait, up to {@code maxDelay}. The same user name from another address is not
 * affected, so five wrong passwords sent by someone else never keep the real operator out.
 *
 * <p>The counters live in a Caffeine cache bounded to {@code maxTracked} pairs and forgotten {@code forgetAfter} after
 * their last failure, so no stream of failed sign-ins can grow memory: past the bound the least useful pairs are
 * evicted (a guesser who floods it loses their own counters too, never anyone's access). User names longer than any
 * console user's are refused before they get here. Kept in memory per instance: with N instances a guesser gets N
 * times the budget, still a handful of tries per wait.
 */
public final class LoginThrottle {

    /** The longest password the sign-in form takes (generated passwords are far shorter; bcrypt reads 72 bytes). */
    static final int MAX_PASSWORD_LENGTH = 1024;

    private record Failures(int count, Instant last) {
    }

    private record Attempt(String username, String address) {
    }

    /** A wait that a failure started: the failures so far for the pair, and how long it waits. */
    record Lockout(int failures, Duration delay) {
    }

    private final int maxFailures;
    private final Duration delay;
    private final Duration maxDelay;
    private final Clock clock;
    private final Cache<Attempt, Failures> failures;

    LoginThrottle(int maxFailures, Duration delay, Duration maxDelay, long maxTracked, Duration forgetAfter,
                  Clock clock) {
        if (maxFailures < 1 || delay.isNegative() || delay.isZero() || maxDelay.compareTo(delay) < 0 || maxTracked < 1
                || forgetAfter.compareTo(maxDelay) < 0) {
            throw new IllegalArgumentException("login throttling needs at least one try, a positive delay, a longest"
                    + " delay no shorter than it, room for one counter, and counters kept at least the longest delay");
        }
        this.maxFailures = maxFailures;
        this.delay = delay;
        this.maxDelay = maxDelay;
        this.clock = clock;
        this.failures = Caffeine.newBuilder().maximumSize(maxTracked).expireAfterWrite(forgetAfter).build();
    }

    /** Whether a sign-in with these values is worth checking at all: a name no user can have is refused unread. */
    static boolean acceptable(String username, String password) {
        return username != null && !username.isBlank() && username.length() <= ConsoleUser.MAX_USERNAME_LENGTH
                && password != null && password.length() <= MAX_PASSWORD_LENGTH;
    }

    /** How long this name from this address must still wait before its next try; empty when it may try now. */
    Optional<Duration> waitFor(String username, String address) {
        Failures f = failures.getIfPresent(attempt(username, address));
        if (f == null || f.count() < maxFailures) {
            return Optional.empty();
        }
        Duration left = Duration.between(clock.instant(), f.last().plus(wait(f.count())));
        return !left.isNegative() && !left.isZero() ? Optional.of(left) : Optional.empty();
    }

    /** Counts a failure; the wait it starts when it is one of too many (to be audited), else empty. */
    Optional<Lockout> failed(String username, String address) {
        Instant now = clock.instant();
        Failures f = failures.asMap().merge(attempt(username, address), new Failures(1, now),
                (before, one) -> new Failures(before.count() + 1, now));
        return f.count() >= maxFailures ? Optional.of(new Lockout(f.count(), wait(f.count()))) : Optional.empty();
    }

    void succeeded(String username, String address) {
        failures.invalidate(attempt(username, address));
    }

    /** How many (user name, address) pairs are counted now: never more than the bound. */
    public long tracked() {
        failures.cleanUp();
        return failures.estimatedSize();
    }

    /** {@code delay} at the {@code maxFailures}-th failure, doubled per failure after it, at most {@code maxDelay}. */
    private Duration wait(int count) {
        int doublings = Math.min(count - maxFailures, 30);
        Duration grown = delay.multipliedBy(1L << doublings);
        return grown.compareTo(maxDelay) > 0 || grown.isNegative() ? maxDelay : grown;
    }

    private static Attempt attempt(String username, String address) {
        return new Attempt(username == null ? "" : username.strip().toLowerCase(Locale.ROOT),
                address == null ? "" : address);
    }
}
