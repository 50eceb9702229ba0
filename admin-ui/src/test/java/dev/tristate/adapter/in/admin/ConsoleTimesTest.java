package dev.tristate.adapter.in.admin;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The text an instant has on a page before (or without) script, and the age on the pending page. */
class ConsoleTimesTest {

    private static final Instant NOW = Instant.parse("2026-12-01T18:13:55.396472Z");

    private final ConsoleTimes times = new ConsoleTimes(new AdminConfiguration().messageSource(),
            Clock.fixed(NOW, ZoneOffset.UTC));

    @Test
    void theTextWithoutScriptIsTheUtcInstantToTheSecond() {
        assertThat(times.utc(NOW)).isEqualTo("2026-12-01 18:13:55 UTC");
        assertThat(times.utc(null)).isNull();
    }

    @Test
    void anAgeIsItsTwoLargestUnitsInThePersonsLanguage() {
        assertThat(times.age(NOW.minusSeconds(59), Locale.ENGLISH)).isEqualTo("0 min");
        assertThat(times.age(NOW.minus(Duration.ofMinutes(3)), Locale.ENGLISH)).isEqualTo("3 min");
        assertThat(times.age(NOW.minus(Duration.ofMinutes(125)), Locale.ENGLISH)).isEqualTo("2 h 5 min");
        assertThat(times.age(NOW.minus(Duration.ofHours(51)), Locale.ENGLISH)).isEqualTo("2 d 3 h");
        assertThat(times.age(NOW.minus(Duration.ofHours(51)), AdminConfiguration.CHINESE)).isEqualTo("2 天 3 小时");
        assertThat(times.age(NOW.plusSeconds(30), Locale.ENGLISH)).as("in the future").isEqualTo("0 min");
    }
}
