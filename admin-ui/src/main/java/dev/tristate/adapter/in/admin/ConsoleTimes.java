package dev.tristate.adapter.in.admin;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.springframework.context.MessageSource;
import org.springframework.stereotype.Component;

/**
 * Instants on the console's pages. Each is a {@code <time>} element (fragment {@code admin/time :: at}) whose text,
 * until {@code times.js} replaces it with the browser's local time and the age, is the UTC instant to the second:
 * short enough not to wrap in a narrow column. The exact instant stays in its {@code datetime} and {@code title}.
 * Templates reach it as {@code @consoleTimes} (public, as SpEL calls only public methods).
 */
@Component("consoleTimes")
public class ConsoleTimes {

    private static final DateTimeFormatter UTC = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'")
            .withZone(ZoneOffset.UTC);

    private final MessageSource messages;
    private final Clock clock;

    ConsoleTimes(MessageSource messages, Clock clock) {
        this.messages = messages;
        this.clock = clock;
    }

    /** The text shown without script: the UTC instant to the second, e.g. {@code 2026-12-01 18:13:55 UTC}. */
    public String utc(Instant instant) {
        return instant == null ? null : UTC.format(instant);
    }

    /**
     * How long ago the instant was, in the person's language and in its two largest units ("2 h 5 min"), rendered on
     * the server so that a list sorted by age reads without script. An instant in the future is an age of 0.
     */
    public String age(Instant instant, Locale locale) {
        if (instant == null) {
            return null;
        }
        Duration age = Duration.between(instant, clock.instant());
        if (age.isNegative()) {
            age = Duration.ZERO;
        }
        if (age.toDays() > 0) {
            return messages.getMessage("age.days", new Object[] {age.toDays(), age.toHoursPart()}, locale);
        }
        if (age.toHours() > 0) {
            return messages.getMessage("age.hours", new Object[] {age.toHours(), age.toMinutesPart()}, locale);
        }
        return messages.getMessage("age.minutes", new Object[] {age.toMinutes()}, locale);
    }
}
