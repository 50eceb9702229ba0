package dev.tristate.application.reconciliation.service;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** Times as the database keeps them (microseconds), so a time written and read back compares equal. */
final class DatabaseTime {

    private DatabaseTime() {
    }

    static Instant now(Clock clock) {
        return clock.instant().truncatedTo(ChronoUnit.MICROS);
    }
}
