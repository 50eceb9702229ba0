package dev.tristate.simulator.alipay;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.Optional;

/** Alipay speaks China time (Asia/Shanghai) everywhere: {@code yyyy-MM-dd HH:mm:ss}, and days for bills. */
final class ChinaTime {

    static final ZoneId ZONE = ZoneId.of("Asia/Shanghai");
    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss").withResolverStyle(ResolverStyle.STRICT);
    private static final DateTimeFormatter BILL_HEADER_TIME = DateTimeFormatter.ofPattern("uuuu年MM月dd日 HH:mm:ss");

    private ChinaTime() {
    }

    static String format(Instant instant) {
        return TIME.format(instant.atZone(ZONE));
    }

    static Optional<Instant> parse(String text) {
        try {
            return Optional.of(LocalDateTime.parse(text, TIME).atZone(ZONE).toInstant());
        } catch (DateTimeParseException | NullPointerException e) {
            return Optional.empty();
        }
    }

    static LocalDate day(Instant instant) {
        return instant.atZone(ZONE).toLocalDate();
    }

    /** As the bill's header lines write a time: {@code 2026年06月05日 00:00:00}. */
    static String billHeader(Instant instant) {
        return BILL_HEADER_TIME.format(instant.atZone(ZONE));
    }

    static Instant startOf(LocalDate day) {
        return day.atStartOfDay(ZONE).toInstant();
    }
}
