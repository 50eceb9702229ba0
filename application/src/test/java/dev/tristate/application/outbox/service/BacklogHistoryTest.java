package dev.tristate.application.outbox.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.outbox.port.in.OutboxBacklogQuery.BacklogSample;
import dev.tristate.domain.outbox.OutboxBacklog;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** A day of backlog reads, five minutes to a sample, the greatest count and age of each five minutes kept. */
class BacklogHistoryTest {

    private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");

    private final BacklogHistory history = new BacklogHistory();

    private static OutboxBacklog waiting(long pending, Instant oldest) {
        return new OutboxBacklog(pending, pending == 0 ? null : oldest, 0);
    }

    @Test
    void readsWithinFiveMinutesFoldIntoOneSampleWithTheirGreatestCountAndAge() {
        history.add(T0.plusSeconds(10), waiting(3, T0));
        history.add(T0.plusSeconds(100), waiting(7, T0.plusSeconds(90)));
        history.add(T0.plusSeconds(290), waiting(0, null));
        history.add(T0.plusSeconds(300), waiting(2, T0.plusSeconds(280)));

        assertThat(history.samples()).containsExactly(new BacklogSample(T0, 7, 10),
                new BacklogSample(T0.plusSeconds(300), 2, 20));
    }

    @Test
    void aDayIsKeptAndNoMore() {
        for (int i = 0; i <= BacklogHistory.BUCKETS + 10; i++) {
            history.add(T0.plus(BacklogHistory.BUCKET.multipliedBy(i)), waiting(i, T0));
        }

        assertThat(history.samples()).hasSizeLessThanOrEqualTo(BacklogHistory.BUCKETS);
        Instant newest = history.samples().get(history.samples().size() - 1).at();
        assertThat(history.samples().get(0).at()).isAfterOrEqualTo(newest.minus(Duration.ofDays(1)));
        assertThat(newest).isEqualTo(T0.plus(BacklogHistory.BUCKET.multipliedBy(BacklogHistory.BUCKETS + 10)));
    }

    @Test
    void aReadOlderThanTheNewestSampleIsDropped() {
        history.add(T0.plusSeconds(600), waiting(1, T0));
        history.add(T0.plusSeconds(10), waiting(99, T0));

        assertThat(history.samples()).extracting(BacklogSample::waiting).containsExactly(1L);
    }

    @Test
    void aLongPauseLeavesOnlyTheSamplesOfTheLastDay() {
        history.add(T0, waiting(5, T0));
        history.add(T0.plus(Duration.ofDays(2)), waiting(1, T0.plus(Duration.ofDays(2))));

        assertThat(history.samples()).extracting(BacklogSample::waiting).containsExactly(1L);
    }
}
