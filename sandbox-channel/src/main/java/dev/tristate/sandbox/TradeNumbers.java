package dev.tristate.sandbox;

import java.time.Clock;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Channel transaction ids: {@code SBX} (refunds: {@code SBR}) + 20 digits, the second this process started followed
 * by a sequence. They are unique in the process and do not repeat after a restart, which matters because Tristate
 * binds each trade_no to one payment for good while this store forgets everything when the process stops.
 */
final class TradeNumbers {

    static final String TRADE_PREFIX = "SBX";
    static final String REFUND_PREFIX = "SBR";

    private final String prefix;
    private final long startSecond;
    private final AtomicLong sequence = new AtomicLong();

    TradeNumbers(Clock clock) {
        this(TRADE_PREFIX, clock);
    }

    /** Numbers with another prefix, e.g. {@link #REFUND_PREFIX} for the channel's refund ids. */
    TradeNumbers(String prefix, Clock clock) {
        this.prefix = prefix;
        this.startSecond = Math.floorMod(clock.instant().getEpochSecond(), 10_000_000_000L);
    }

    String next() {
        return String.format("%s%010d%010d", prefix, startSecond, sequence.incrementAndGet() % 10_000_000_000L);
    }
}
