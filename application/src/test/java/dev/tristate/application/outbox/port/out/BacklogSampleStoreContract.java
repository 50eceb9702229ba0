package dev.tristate.application.outbox.port.out;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.domain.outbox.BacklogSample;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * What every {@link BacklogSampleStore} must do, run against the MyBatis adapter and the in-memory fake. Each test
 * works in ten days of its own, later than every earlier test's, so that tests sharing one database stay apart.
 */
public abstract class BacklogSampleStoreContract {

    private static final AtomicLong NEXT_DAYS = new AtomicLong();
    private static final Duration FIVE_MINUTES = Duration.ofMinutes(5);

    protected abstract BacklogSampleStore store();

    private final Instant t0 = Instant.parse("2031-01-01T00:00:00Z")
            .plus(Duration.ofDays(10 * NEXT_DAYS.getAndIncrement()));

    private List<BacklogSample> mine() {
        return store().since(t0).stream().filter(s -> s.at().isBefore(t0.plus(Duration.ofDays(10)))).toList();
    }

    @Test
    void theFirstSampleOfFiveMinutesWinsAndTheSecondIsIgnored() {
        assertThat(store().addIfAbsent(new BacklogSample(t0, 3, 40))).isTrue();
        assertThat(store().addIfAbsent(new BacklogSample(t0, 9, 90))).isFalse();

        assertThat(mine()).containsExactly(new BacklogSample(t0, 3, 40));
    }

    @Test
    void samplesAreReadOldestFirstFromTheGivenStart() {
        store().addIfAbsent(new BacklogSample(t0.plus(FIVE_MINUTES.multipliedBy(2)), 2, 0));
        store().addIfAbsent(new BacklogSample(t0, 0, 0));
        store().addIfAbsent(new BacklogSample(t0.plus(FIVE_MINUTES), 1, 5));

        assertThat(mine()).extracting(BacklogSample::waiting).containsExactly(0L, 1L, 2L);
        assertThat(store().since(t0.plus(FIVE_MINUTES))).extracting(BacklogSample::at)
                .startsWith(t0.plus(FIVE_MINUTES)).doesNotContain(t0);
    }

    @Test
    void samplesBeforeTheGivenTimeAreDeleted() {
        store().addIfAbsent(new BacklogSample(t0, 1, 1));
        store().addIfAbsent(new BacklogSample(t0.plus(FIVE_MINUTES), 2, 2));

        assertThat(store().deleteBefore(t0.plus(FIVE_MINUTES))).isGreaterThanOrEqualTo(1);

        assertThat(mine()).containsExactly(new BacklogSample(t0.plus(FIVE_MINUTES), 2, 2));
    }

    @Test
    void ofSeveralInstancesWritingTheSameFiveMinutesAtOnceExactlyOneWins() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Callable<Boolean>> writers = IntStream.range(0, 8)
                    .mapToObj(i -> (Callable<Boolean>) () -> store().addIfAbsent(new BacklogSample(t0, i, i)))
                    .toList();
            long won = 0;
            for (Future<Boolean> result : pool.invokeAll(writers)) {
                won += result.get() ? 1 : 0;
            }
            assertThat(won).isEqualTo(1);
            assertThat(mine()).hasSize(1);
        } finally {
            pool.shutdownNow();
        }
    }
}
