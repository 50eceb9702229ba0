package dev.tristate.application.console.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.tristate.application.console.port.in.DashboardChartsQuery.AgeCount;
import dev.tristate.application.console.port.in.DashboardChartsQuery.DashboardCharts;
import dev.tristate.application.console.port.out.ConsoleCharts;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DashboardChartsServiceTest {

    private static final Instant NOW = Instant.parse("2026-12-01T18:13:55Z");

    private final List<Instant> asked = new ArrayList<>();

    private final ConsoleCharts charts = new ConsoleCharts() {
        @Override
        public List<HourlyCount> notificationsPerHour(Instant since) {
            asked.add(since);
            return List.of(new HourlyCount("APPLIED", 0, 3), new HourlyCount("APPLIED", 23, 5),
                    new HourlyCount("DUPLICATE", 23, 1), new HourlyCount("APPLIED", 24, 9));
        }

        @Override
        public List<Long> unresolvedCasesOpenedBetween(List<Instant> boundaries) {
            asked.addAll(boundaries);
            return List.of(1L, 2L, 0L, 0L, 4L);
        }
    };

    private final DashboardChartsService service = new DashboardChartsService(charts, Clock.fixed(NOW, ZoneOffset.UTC));

    @Test
    void theLast24WholeHoursTheCurrentOneLastWithAZeroWhereNothingCame() {
        DashboardCharts c = service.dashboardCharts();

        assertThat(c.hours()).hasSize(24).first().isEqualTo(Instant.parse("2026-11-30T19:00:00Z"));
        assertThat(c.hours()).last().isEqualTo(Instant.parse("2026-12-01T18:00:00Z"));
        assertThat(asked.get(0)).isEqualTo(Instant.parse("2026-11-30T19:00:00Z"));
        assertThat(c.perOutcome().keySet()).containsExactly("APPLIED", "DUPLICATE");
        assertThat(c.perOutcome().get("APPLIED")).hasSize(24).startsWith(3L, 0L).endsWith(0L, 5L);
        assertThat(c.perOutcome().get("DUPLICATE").stream().mapToLong(Long::longValue).sum()).isEqualTo(1);
    }

    @Test
    void casesByAgeAreCutAtAnHourSixHoursADayAndAWeek() {
        DashboardCharts c = service.dashboardCharts();

        assertThat(asked.subList(1, 5)).containsExactly(NOW.minus(Duration.ofHours(1)), NOW.minus(Duration.ofHours(6)),
                NOW.minus(Duration.ofDays(1)), NOW.minus(Duration.ofDays(7)));
        assertThat(c.caseAges()).extracting(AgeCount::key, AgeCount::count).containsExactly(
                tuple("underHour", 1L), tuple("hours1to6", 2L),
                tuple("hours6to24", 0L), tuple("days1to7", 0L),
                tuple("overWeek", 4L));
    }
}
