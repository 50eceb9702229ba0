package dev.tristate.simulator.kit.testing;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A UTC clock that tests set, so that event times, notification times and bill days are known in advance. */
public final class MutableClock extends Clock {

    /** Deliberately with sub-millisecond digits: a simulator that reports milliseconds must cut them off. */
    public static final Instant DEFAULT_START = Instant.parse("2030-06-15T10:15:30.123456789Z");

    private volatile Instant now;

    public MutableClock(Instant start) {
        this.now = start;
    }

    public void set(Instant instant) {
        this.now = instant;
    }

    @Override
    public Instant instant() {
        return now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("the test clock is UTC");
    }
}
