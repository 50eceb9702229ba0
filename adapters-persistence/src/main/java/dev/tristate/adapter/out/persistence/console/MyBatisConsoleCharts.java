package dev.tristate.adapter.out.persistence.console;

import static dev.tristate.adapter.out.persistence.jdbc.SqlErrors.translate;

import dev.tristate.adapter.out.persistence.jdbc.Rows;
import dev.tristate.application.console.port.out.ConsoleCharts;
import dev.tristate.domain.notification.NotificationOutcome;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

public class MyBatisConsoleCharts implements ConsoleCharts {

    private static final List<String> OUTCOMES = Arrays.stream(NotificationOutcome.values()).map(Enum::name).toList();

    private final ConsoleChartsMapper mapper;

    public MyBatisConsoleCharts(ConsoleChartsMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public List<HourlyCount> notificationsPerHour(Instant since) {
        return translate(() -> mapper.notificationsPerHour(OUTCOMES, Rows.utc(since))).stream()
                .map(r -> new HourlyCount(r.outcome, r.h, r.n)).toList();
    }

    @Override
    public List<Long> unresolvedCasesOpenedBetween(List<Instant> boundaries) {
        if (boundaries.size() != 4) {
            throw new IllegalArgumentException("four boundaries, newest first");
        }
        ConsoleChartsMapper.AgeRow row = translate(() -> mapper.unresolvedCasesByAge(Rows.utc(boundaries.get(0)),
                Rows.utc(boundaries.get(1)), Rows.utc(boundaries.get(2)), Rows.utc(boundaries.get(3))));
        return List.of(row.c0, row.c1, row.c2, row.c3, row.c4);
    }
}
