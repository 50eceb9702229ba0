package dev.tristate.domain.archfixture;

import java.time.Instant;

/** Deliberate violation: a domain class reading the clock instead of being given the time. */
public class DomainClassReadingTheClock {
    public Instant now() {
        return Instant.now();
    }
}
