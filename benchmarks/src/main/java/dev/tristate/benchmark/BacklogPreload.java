package dev.tristate.benchmark;

import static dev.tristate.benchmark.Report.say;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * A backlog preloaded while an outbox is idle, all due at one moment after the preload has committed, and the wait
 * for that moment. The relay benchmark and the peer benchmark drain such backlogs alike; they differ only in how they
 * round the moment and in whom the overrun line names, so each passes its own.
 */
public final class BacklogPreload {

    /** Inserts {@code n} events due at {@code dueLiteral} (UTC, {@link Database#utc(Instant)}). */
    @FunctionalInterface
    public interface Rows {
        void insert(int n, String dueLiteral) throws SQLException;
    }

    private final String drainers;
    private final UnaryOperator<Instant> rounding;
    /** How long the last preload took per event (a first guess before it): sets the next backlog's due time. */
    private double preloadNanosPerEvent = 100_000;

    /**
     * {@code drainers}: what begins when the preload overruns (e.g. "the relays"); {@code rounding}: from the
     * earliest moment the last preload's speed allows to the due moment.
     */
    public BacklogPreload(String drainers, UnaryOperator<Instant> rounding) {
        this.drainers = drainers;
        this.rounding = rounding;
    }

    /**
     * Preloads n events, all due at one moment after the preload has committed, waits for that moment and returns
     * it. The moment is set from the last preload's speed with room to spare; if the preload overran it anyway, the
     * outbox began during the preload and the drain says so.
     */
    public Instant preloadDue(int n, Rows rows) throws SQLException, InterruptedException {
        long started = System.nanoTime();
        Duration expected = Duration.ofNanos((long) (preloadNanosPerEvent * n));
        Instant due = rounding.apply(Instant.now().plus(expected.multipliedBy(2)));
        rows.insert(n, Database.utc(due));
        long took = System.nanoTime() - started;
        preloadNanosPerEvent = Math.max(preloadNanosPerEvent * 0.5, (double) took / n);
        long wait = Duration.between(Instant.now(), due).toMillis();
        if (wait < 0) {
            say(String.format(Locale.ROOT, "    !!! the preload of %d events took %.1f s and overran their due time by"
                    + " %d ms: %s began during it", n, took / 1e9, -wait, drainers));
        } else {
            Thread.sleep(wait);
        }
        return due;
    }
}
