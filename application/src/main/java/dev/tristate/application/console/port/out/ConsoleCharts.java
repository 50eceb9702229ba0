package dev.tristate.application.console.port.out;

import java.time.Instant;
import java.util.List;

/**
 * The dashboard's charts, counted by the database over all tenants (as the dashboard's other counts are), each by
 * one indexed range read: no rows are brought back to be counted here.
 */
public interface ConsoleCharts {

    /** Notifications received at or after {@code since}, per outcome and whole hour after {@code since} (0 first). */
    List<HourlyCount> notificationsPerHour(Instant since);

    /**
     * The resolver's cases not resolved yet (open or flagged for a person), counted by when they were opened:
     * {@code boundaries} newest first; the answer has one more count than boundaries: opened at or after the first
     * boundary, between each two, and before the last.
     */
    List<Long> unresolvedCasesOpenedBetween(List<Instant> boundaries);

    record HourlyCount(String outcome, int hour, long count) {
    }
}
