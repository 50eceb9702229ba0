package dev.tristate.sandbox;

import java.time.Clock;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Channel transaction ids: {@code SBX} + 20 digits, the second this process started followed by a sequence. They are
 * unique in the process and do not repeat after a restart, which matters because Tristate binds each trade_no to
 * one payment for good while this store forgets everything when the process stops.
 */
final class TradeNumbers {

    private final long startSecond;
    private final AtomicLong sequence = new AtomicLong();

    TradeNumbers(Clock clock) {
        this.startSecond = Math.floorMod(clock.instant().getEpochSecond(), 10_000_000_000L);
    }

    String next() {
        return String.format("SBX%010d%010d", startSecond, sequence.incrementAndGet() % 10_000_000_000L);
    }
}
