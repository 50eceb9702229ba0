package dev.tristate.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.domain.payment.PaymentId;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class TimeOrderedIdsTest {

    private static final String NEW_ID = "pay_[0-9A-HJKMNP-TV-Z]{26}";
    private static final Instant T0 = Instant.parse("2026-12-01T23:50:00.123Z");

    @Test
    void aPaymentIdIsAtMost32CharactersOfWhatEveryChannelsOrderNumberAllows() {
        String id = new TimeOrderedIds(Clock.systemUTC(), new SecureRandom()).payment().value();

        assertThat(id).hasSizeLessThanOrEqualTo(32).matches(NEW_ID).matches("[0-9A-Za-z_]+");
    }

    @Test
    void aRefundIdIsThePrefixAndAUlid() {
        assertThat(new TimeOrderedIds(Clock.systemUTC(), new SecureRandom()).refund().value())
                .matches("rfd_[0-9A-HJKMNP-TV-Z]{26}");
    }

    @Test
    void idsDrawnInOneMillisecondShareTheTimeButNotTheirRandomPart() {
        // A fixed clock: the whole burst falls into one millisecond. The next id must not be guessable from the last
        // (a counter would put it one character away), so consecutive ids differ well before their last character.
        TimeOrderedIds ids = new TimeOrderedIds(Clock.fixed(T0, ZoneOffset.UTC), new SecureRandom());
        List<String> drawn = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            drawn.add(i % 2 == 0 ? ids.payment().value().substring(4) : ids.refund().value().substring(4));
        }

        assertThat(drawn).doesNotHaveDuplicates();
        assertThat(drawn).allSatisfy(ulid -> assertThat(ulid).startsWith(drawn.get(0).substring(0, 10)));
        long nearNeighbours = 0;
        for (int i = 1; i < drawn.size(); i++) {
            if (drawn.get(i).substring(0, 22).equals(drawn.get(i - 1).substring(0, 22))) {
                nearNeighbours++;
            }
        }
        assertThat(nearNeighbours).isZero();
    }

    @Test
    void laterMillisecondsSortAfterEarlierOnesWhateverTheRandomPart() {
        MutableClock clock = new MutableClock(T0);
        TimeOrderedIds ids = new TimeOrderedIds(clock, new SecureRandom());
        List<String> drawn = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            drawn.add(ids.payment().value());
            clock.now = clock.now.plusMillis(1);
        }

        assertThat(drawn).isSorted();
    }

    @Test
    void threadsDrawingAtOnceNeverGetTheSameId() throws Exception {
        TimeOrderedIds ids = new TimeOrderedIds(Clock.fixed(T0, ZoneOffset.UTC), new SecureRandom());
        Set<String> drawn = ConcurrentHashMap.newKeySet();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> draws = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                draws.add(pool.submit(() -> {
                    for (int i = 0; i < 5000; i++) {
                        drawn.add(ids.payment().value());
                    }
                }));
            }
            for (Future<?> draw : draws) {
                draw.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }

        assertThat(drawn).hasSize(20_000);
    }

    @Test
    void theTimePartIsTheMillisecondOfTheClock() {
        String ulid = new TimeOrderedIds(Clock.fixed(T0, ZoneOffset.UTC), new SecureRandom()).payment().value()
                .substring(PaymentId.PREFIX.length());

        assertThat(com.github.f4b6a3.ulid.Ulid.from(ulid).getTime()).isEqualTo(T0.toEpochMilli());
    }

    private static final class MutableClock extends Clock {
        Instant now;

        MutableClock(Instant now) {
            this.now = now;
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public long millis() {
            return now.toEpochMilli();
        }
    }
}
