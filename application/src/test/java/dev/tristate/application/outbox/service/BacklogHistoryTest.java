package dev.tristate.application.outbox.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.fakes.InMemoryBacklogSampleStore;
import dev.tristate.application.outbox.port.out.BacklogSampleStore;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.outbox.BacklogSample;
import dev.tristate.domain.outbox.OutboxBacklog;
import dev.tristate.domain.outcome.OutcomeClass;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The backlog over time: five minutes to a sample, the greatest count and age of each five minutes kept, each sample
 * written once to the shared store (the first instance wins), a day shown and two kept.
 */
class BacklogHistoryTest {

    private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");

    private final InMemoryBacklogSampleStore store = new InMemoryBacklogSampleStore();
    private final BacklogHistory history = new BacklogHistory(store);

    private static OutboxBacklog waiting(long pending, Instant oldest) {
        return new OutboxBacklog(pending, pending == 0 ? null : oldest, 0);
    }

    @Test
    void readsWithinFiveMinutesFoldIntoOneSampleWrittenWhenTheyAreOver() {
        history.add(T0.plusSeconds(10), waiting(3, T0));
        history.add(T0.plusSeconds(100), waiting(7, T0.plusSeconds(90)));
        history.add(T0.plusSeconds(290), waiting(0, null));
        assertThat(store.since(T0)).isEmpty();

        history.add(T0.plusSeconds(300), waiting(2, T0.plusSeconds(280)));

        assertThat(store.since(T0)).containsExactly(new BacklogSample(T0, 7, 10));
        assertThat(history.samples(T0.plusSeconds(310))).containsExactly(new BacklogSample(T0, 7, 10),
                new BacklogSample(T0.plusSeconds(300), 2, 20));
    }

    @Test
    void ofTwoInstancesSamplingTheSameFiveMinutesTheFirstToWriteWinsAndBothShowIt() {
        BacklogHistory other = new BacklogHistory(store);
        history.add(T0.plusSeconds(10), waiting(4, T0));
        other.add(T0.plusSeconds(20), waiting(5, T0));

        history.add(T0.plusSeconds(301), waiting(0, null));
        other.add(T0.plusSeconds(302), waiting(0, null));

        assertThat(store.since(T0)).containsExactly(new BacklogSample(T0, 4, 10));
        assertThat(other.samples(T0.plusSeconds(303))).first().isEqualTo(new BacklogSample(T0, 4, 10));
        assertThat(history.samples(T0.plusSeconds(303))).isEqualTo(other.samples(T0.plusSeconds(303)));
    }

    @Test
    void afterARestartTheStoredSamplesAreShown() {
        history.add(T0, waiting(6, T0));
        history.add(T0.plusSeconds(300), waiting(1, T0.plusSeconds(300)));

        BacklogHistory restarted = new BacklogHistory(store);

        assertThat(restarted.samples(T0.plusSeconds(400))).containsExactly(new BacklogSample(T0, 6, 0));
    }

    @Test
    void aDayIsShownAndTwoAreKept() {
        for (int i = 0; i <= 3 * 24 * 12; i++) {
            history.add(T0.plus(BacklogHistory.BUCKET.multipliedBy(i)), waiting(i + 1, T0));
        }
        Instant now = T0.plus(Duration.ofDays(3));

        List<BacklogSample> shown = history.samples(now);
        assertThat(shown.get(0).at()).isEqualTo(now.minus(Duration.ofDays(1)));
        assertThat(shown.get(shown.size() - 1).at()).isEqualTo(now);
        assertThat(shown).hasSize(24 * 12 + 1);
        assertThat(store.since(Instant.EPOCH).get(0).at()).isEqualTo(now.minus(Duration.ofDays(2)));
    }

    @Test
    void aStoredSampleFromAClockAheadIsLeftOutAndOneOfTheCurrentFiveMinutesMergesWithThisProcesssReading() {
        history.add(T0.plusSeconds(10), waiting(9, T0));
        store.addIfAbsent(new BacklogSample(T0, 2, 500));
        store.addIfAbsent(new BacklogSample(T0.plus(Duration.ofDays(365)), 1, 1));

        assertThat(history.samples(T0.plusSeconds(20))).containsExactly(new BacklogSample(T0, 9, 500));
    }

    @Test
    void aReadOlderThanTheOpenFiveMinutesIsDropped() {
        history.add(T0.plusSeconds(600), waiting(1, T0));
        history.add(T0.plusSeconds(10), waiting(99, T0));

        assertThat(history.samples(T0.plusSeconds(610))).extracting(BacklogSample::waiting).containsExactly(1L);
        assertThat(store.since(Instant.EPOCH)).isEmpty();
    }

    @Test
    void aSampleTheStoreCannotTakeIsLostWithoutFailingTheRead() {
        BacklogSampleStore broken = new InMemoryBacklogSampleStore() {
            @Override
            public boolean addIfAbsent(BacklogSample sample) {
                throw new PersistenceFailure(OutcomeClass.RETRYABLE, "database down", null);
            }
        };
        BacklogHistory failing = new BacklogHistory(broken);
        failing.add(T0, waiting(2, T0));
        failing.add(T0.plusSeconds(300), waiting(3, T0));

        assertThat(failing.samples(T0.plusSeconds(301))).extracting(BacklogSample::waiting).containsExactly(3L);
    }
}
