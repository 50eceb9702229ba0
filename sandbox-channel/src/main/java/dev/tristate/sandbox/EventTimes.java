package dev.tristate.sandbox;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

/** RFC 3339 instants in UTC with millisecond precision, the one way the channel writes times. */
final class EventTimes {

    private static final DateTimeFormatter RFC_3339_UTC =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private EventTimes() {
    }

    /** Instants are kept at the precision they are written with, so what is stored is what is reported. */
    static Instant truncate(Instant instant) {
        return instant.truncatedTo(ChronoUnit.MILLIS);
    }

    static String format(Instant instant) {
        return RFC_3339_UTC.format(instant);
    }
}
