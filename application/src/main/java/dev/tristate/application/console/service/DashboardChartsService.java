package dev.tristate.application.console.service;

import dev.tristate.application.console.port.in.DashboardChartsQuery;
import dev.tristate.application.console.port.out.ConsoleCharts;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

class DashboardChartsService implements DashboardChartsQuery {

    static final int HOURS = 24;
    /** Where case ages are cut: an hour, six, a day, a week (the resolver asks within minutes; a week is stuck). */
    static final List<Duration> AGE_CUTS = List.of(Duration.ofHours(1), Duration.ofHours(6), Duration.ofDays(1),
            Duration.ofDays(7));
    static final List<String> AGE_KEYS = List.of("underHour", "hours1to6", "hours6to24", "days1to7", "overWeek");

    private final ConsoleCharts charts;
    private final Clock clock;

    DashboardChartsService(ConsoleCharts charts, Clock clock) {
        this.charts = charts;
        this.clock = clock;
    }

    @Override
    public DashboardCharts dashboardCharts() {
        Instant now = clock.instant();
        // Whole hours, the current one last, so that a chart read twice in an hour has the same bars.
        Instant since = now.truncatedTo(ChronoUnit.HOURS).minus(Duration.ofHours(HOURS - 1));
        List<Instant> hours = new ArrayList<>();
        for (int h = 0; h < HOURS; h++) {
            hours.add(since.plus(Duration.ofHours(h)));
        }
        Map<String, List<Long>> perOutcome = new LinkedHashMap<>();
        for (ConsoleCharts.HourlyCount c : charts.notificationsPerHour(since)) {
            if (c.hour() >= 0 && c.hour() < HOURS) {
                List<Long> counts = perOutcome.computeIfAbsent(c.outcome(), o -> zeros());
                counts.set(c.hour(), counts.get(c.hour()) + c.count());
            }
        }
        List<Long> ageCounts = charts.unresolvedCasesOpenedBetween(AGE_CUTS.stream().map(now::minus).toList());
        List<AgeCount> ages = new ArrayList<>();
        for (int i = 0; i < AGE_KEYS.size(); i++) {
            ages.add(new AgeCount(AGE_KEYS.get(i), i == 0 ? null : AGE_CUTS.get(i - 1),
                    i < AGE_CUTS.size() ? AGE_CUTS.get(i) : null, ageCounts.get(i)));
        }
        return new DashboardCharts(hours, perOutcome, ages);
    }

    private static List<Long> zeros() {
        List<Long> zeros = new ArrayList<>(HOURS);
        for (int h = 0; h < HOURS; h++) {
            zeros.add(0L);
        }
        return zeros;
    }
}
