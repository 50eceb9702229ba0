package dev.tristate.adapter.out.channel.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class Rfc3339Test {

    /** What the sandbox format used before: the grammar as a regular expression, then the JDK's ISO formatter. */
    private static final Pattern GRAMMAR = Pattern.compile(
            "[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,9})?([Zz]|[+-][0-9]{2}:[0-9]{2})");

    private static Optional<Instant> reference(String s) {
        if (!GRAMMAR.matcher(s).matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(OffsetDateTime.parse(s.toUpperCase(Locale.ROOT), DateTimeFormatter.ISO_OFFSET_DATE_TIME)
                    .toInstant());
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"2024-12-31T23:59:30Z", "2024-12-31t23:59:30z", "2024-12-31T23:59:30.5+08:00",
            "2024-02-29T00:00:00.123456789-05:30", "0000-01-01T00:00:00+18:00", "9999-12-31T23:59:59-18:00",
            "2024-12-31T23:59:30-00:00"})
    void acceptsWhatTheIsoFormatterAccepts(String s) {
        assertThat(Rfc3339.parse(s)).isPresent().isEqualTo(reference(s));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "2024-12-31T23:59:30", "2024-12-31 23:59:30Z", "2024-12-31T23:59Z",
            "2025-02-30T00:00:00Z", "2023-02-29T00:00:00Z", "2024-12-31T24:00:00Z", "2024-12-31T23:60:00Z",
            "2024-12-31T23:59:60Z", "2024-13-01T00:00:00Z", "2024-00-01T00:00:00Z", "2024-12-31T23:59:30+19:00",
            "2024-12-31T23:59:30+08:60", "2024-12-31T23:59:30.Z", "2024-12-31T23:59:30.1234567890Z",
            "2024-12-31T23:59:30+0800", "2024-12-31T23:59:30Z ", " 2024-12-31T23:59:30Z", "+2024-12-31T23:59:30Z",
            "2024-12-31T23:59:30UTC", "２０２４-12-31T23:59:30Z", "2024-12-31T23:59:30+08:00:00", "yesterday"})
    void refusesWhatTheIsoFormatterRefuses(String s) {
        assertThat(Rfc3339.parse(s)).isEmpty();
        assertThat(reference(s)).isEmpty();
    }

    /** Strings near the grammar (every position a digit, a separator or a stray character) agree with the formatter. */
    @Test
    void agreesWithTheIsoFormatterOnStringsNearTheGrammar() {
        Random random = new Random(3339);
        String[] templates = {"dddd-dd-ddTdd:dd:ddZ", "dddd-dd-ddtdd:dd:dd.dddz", "dddd-dd-ddTdd:dd:dd+dd:dd",
                "dddd-dd-ddTdd:dd:dd.ddddddddd-dd:dd", "dddd-dd-ddTdd:dd:dd.dddddddddd+dd:dd"};
        String stray = "0123456789-:.TtZz+ xé";
        int accepted = 0;
        for (int i = 0; i < 300_000; i++) {
            StringBuilder b = new StringBuilder();
            for (char c : templates[random.nextInt(templates.length)].toCharArray()) {
                if (random.nextInt(200) == 0) {
                    b.append(stray.charAt(random.nextInt(stray.length())));
                } else if (c == 'd') {
                    // Mostly small digits, so that many dates and times are real ones.
                    b.append((char) ('0' + (random.nextBoolean() ? random.nextInt(3) : random.nextInt(10))));
                } else {
                    b.append(c);
                }
            }
            String s = b.toString();
            Optional<Instant> expected = reference(s);
            assertThat(Rfc3339.parse(s)).as(s).isEqualTo(expected);
            accepted += expected.isPresent() ? 1 : 0;
        }
        // The comparison covers both sides: many strings are real date-times, many are not.
        assertThat(accepted).isBetween(3_000, 297_000);
    }
}
