package dev.tristate.application.console.port.in;

import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The figures behind the dashboard's charts; each chart has its table of the same figures on the page. */
public interface DashboardChartsQuery {

    DashboardCharts dashboardCharts();

    /**
     * {@code hours}: the start of each of the last 24 hours, oldest first; {@code perOutcome}: for each outcome that
     * occurred, its count in each of those hours (same order). {@code caseAges}: the resolver's unresolved cases by
     * how long they have been open.
     */
    record DashboardCharts(List<Instant> hours, Map<String, List<Long>> perOutcome, List<AgeCount> caseAges) {
        public DashboardCharts {
            hours = List.copyOf(hours);
            perOutcome = Collections.unmodifiableMap(new LinkedHashMap<>(perOutcome));
            caseAges = List.copyOf(caseAges);
        }

        public boolean anyNotifications() {
            return !perOutcome.isEmpty();
        }
    }

    /**
     * Cases opened between {@code from} and {@code to} ago ({@code from} null: just now; {@code to} null: or
     * longer). {@code key} names the bucket in the console's bundles.
     */
    record AgeCount(String key, Duration from, Duration to, long count) {
    }
}
