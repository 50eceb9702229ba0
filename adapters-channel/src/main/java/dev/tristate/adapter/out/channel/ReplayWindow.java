package dev.tristate.adapter.out.channel;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;

/**
 * How far a signed timestamp may be from our clock, in either direction. A timestamp ahead of the clock is as suspect
 * as an old one: a captured request signed for the future could otherwise be replayed until that future passes.
 */
public record ReplayWindow(Duration tolerance) {

    /** The sandbox contract's and Stripe's tolerance. */
    public static final ReplayWindow FIVE_MINUTES = new ReplayWindow(Duration.ofMinutes(5));

    public ReplayWindow {
        if (tolerance == null || tolerance.isNegative()) {
            throw new IllegalArgumentException("a replay window needs a non-negative tolerance");
        }
    }

    public boolean admits(long signedAtEpochSecond, Instant now) {
        Instant signedAt;
        try {
            signedAt = Instant.ofEpochSecond(signedAtEpochSecond);
        } catch (DateTimeException e) {
            return false;
        }
        return Duration.between(signedAt, now).abs().compareTo(tolerance) <= 0;
    }
}
