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
    void aRoundThatStoppingInterruptsIsNoFailureToWarnAbout() throws Exception {
        ch.qos.logback.classic.Logger logger = (ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory
                .getLogger(RepeatingRounds.class);
        ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent> logged =
                new ch.qos.logback.core.read.ListAppender<>();
        logged.start();
        logger.addAppender(logged);
        java.util.concurrent.CountDownLatch inRound = new java.util.concurrent.CountDownLatch(1);
        RepeatingRounds rounds = new RepeatingRounds("stopping", () -> {
            inRound.countDown();
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                // As a connection pool answers an interrupted wait for a connection.
                throw new IllegalStateException("interrupted during connection acquisition", e);
            }
            return 0;
        }, Duration.ofMillis(10), Duration.ofMillis(100), 10);
        try {
            rounds.start();
            assertThat(inRound.await(5, java.util.concurrent.TimeUnit.SECONDS)).isTrue();

            rounds.stop();

            assertThat(logged.list).as("nothing logged by a normal stop").isEmpty();
        } finally {
            logger.detachAppender(logged);
        }
    }

    @Test
    void aFailingRoundIsWarnedAboutOnce() {
        ch.qos.logback.classic.Logger logger = (ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory
                .getLogger(RepeatingRounds.class);
        ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent> logged =
                new ch.qos.logback.core.read.ListAppender<>();
        logged.start();
        logger.addAppender(logged);
        AtomicInteger rounds = new AtomicInteger();
        RepeatingRounds failing = new RepeatingRounds("failing-once", () -> {
            rounds.incrementAndGet();
            throw new IllegalStateException("database down");
        }, Duration.ofMillis(10), Duration.ofMillis(50), 10);
        try {
            failing.start();
            await().atMost(Duration.ofSeconds(5)).until(() -> rounds.get() >= 3);
            failing.stop();
            assertThat(logged.list).singleElement().satisfies(e ->
                    assertThat(e.getLevel()).isEqualTo(ch.qos.logback.classic.Level.WARN));
        } finally {
            logger.detachAppender(logged);
        }
    }

    @Test
    void anIntervalAboveTheMaximumPauseIsRefused() {
        assertThatThrownBy(() -> new RepeatingRounds("x", () -> 0, Duration.ofSeconds(2), Duration.ofSeconds(1), 1))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
