package dev.tristate.adapter.in.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RepeatingRoundsTest {

    @Test
    void fullRoundsRunBackToBackAndAnEmptyOneWaitsForTheInterval() {
        AtomicInteger backlog = new AtomicInteger(25);
        List<Long> times = new CopyOnWriteArrayList<>();
        RepeatingRounds rounds = new RepeatingRounds("test", () -> {
            times.add(System.nanoTime());
            int taken = Math.min(10, backlog.get());
            backlog.addAndGet(-taken);
            return taken;
        }, Duration.ofMillis(300), Duration.ofSeconds(1), 10);
        rounds.start();
        try {
            await().atMost(Duration.ofSeconds(5)).until(() -> times.size() >= 4);
        } finally {
            rounds.stop();
        }
        assertThat(backlog).hasValue(0);
        assertThat(Duration.ofNanos(times.get(2) - times.get(1))).as("a full round is followed at once")
                .isLessThan(Duration.ofMillis(250));
        assertThat(Duration.ofNanos(times.get(3) - times.get(2))).as("a short round waits for the interval")
                .isGreaterThanOrEqualTo(Duration.ofMillis(300));
    }

    @Test
    void failingRoundsBackOffInsteadOfSpinning() {
        List<Long> times = new CopyOnWriteArrayList<>();
        RepeatingRounds rounds = new RepeatingRounds("failing", () -> {
            times.add(System.nanoTime());
            throw new IllegalStateException("database down");
        }, Duration.ofMillis(100), Duration.ofMillis(400), 10);
        rounds.start();
        try {
            await().atMost(Duration.ofSeconds(5)).until(() -> times.size() >= 3);
        } finally {
            rounds.stop();
        }
        assertThat(Duration.ofNanos(times.get(2) - times.get(1))).isGreaterThanOrEqualTo(Duration.ofMillis(350));
        assertThat(rounds.isRunning()).isFalse();
    }

    @Test
    void anIntervalAboveTheMaximumPauseIsRefused() {
        assertThatThrownBy(() -> new RepeatingRounds("x", () -> 0, Duration.ofSeconds(2), Duration.ofSeconds(1), 1))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
