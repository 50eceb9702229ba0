package dev.tristate.adapter.out.persistence.jdbc;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/** Times are stored as UTC DATETIME(6), whatever the JVM's or the server's time zone. */
public final class Rows {

    private Rows() {
    }

    public static LocalDateTime utc(Instant instant) {
        return instant == null ? null : LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
    }

    public static Instant instant(LocalDateTime utc) {
        return utc == null ? null : utc.toInstant(ZoneOffset.UTC);
    }
}
