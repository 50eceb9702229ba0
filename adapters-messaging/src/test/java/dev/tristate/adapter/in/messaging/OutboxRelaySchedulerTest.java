package dev.tristate.adapter.in.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.tristate.application.outbox.port.in.RelayReport;
import dev.tristate.domain.outbox.OutboxBacklog;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OutboxRelaySchedulerTest {

    private static final Instant NOW = Instant.parse("2026-11-30T10:00:00Z");
    private static final RelayReport FULL = new RelayReport(100, 100, 100, 0, 0, false, true);
    private static final RelayReport LAST = new RelayReport(7, 6, 5, 1, 0, false, false);
    private static final RelayReport BROKER_DOWN = new RelayReport(5, 0, 0, 5, 0, true, false);

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final Deque<RelayReport> script = new ArrayDeque<>();
    private final AtomicInteger rounds = new AtomicInteger();
    private final AtomicInteger purgeCalls = new AtomicInteger();
    private final Deque<Integer> purges = new ArrayDeque<>();
    private OutboxBacklog backlog = new OutboxBacklog(42, NOW.minusSeconds(90), 3);
    private OutboxRelayScheduler scheduler;

    private OutboxRelayScheduler scheduler(Duration interval, Duration maxPause) {
        scheduler = new OutboxRelayScheduler(() -> {
            rounds.incrementAndGet();
            synchronized (script) {
                return script.isEmpty() ? RelayReport.IDLE : script.poll();
            }
        }, () -> {
            purgeCalls.incrementAndGet();
            synchronized (purges) {
                return purges.isEmpty() ? 0 : purges.poll();
            }
        }, () -> backlog, new OutboxRelayScheduler.Settings(interval, maxPause, Duration.ofMillis(50),
                Duration.ZERO, Duration.ofMillis(50)), Clock.fixed(NOW, ZoneOffset.UTC), meters);
        return scheduler;
    }

    @AfterEach
    void stop() {
        if (scheduler != null) {
            scheduler.stop();
        }
    }

    private double relayed(String outcome) {
        return meters.get("tristate.outbox.relayed").tag("outcome", outcome).counter().count();
    }

    @Test
    void fullBatchesAreRelayedBackToBackUntilOneComesBackShort() {
        script.addAll(java.util.List.of(FULL, FULL, FULL, LAST));
        OutboxRelayScheduler relay = scheduler(Duration.ofMinutes(10), Duration.ofMinutes(10));

        relay.start();

        await().atMost(Duration.ofSeconds(10)).until(() -> rounds.get() >= 4);
        assertThat(rounds.get()).as("then waits the interval (10 min) before the next round").isEqualTo(4);
        assertThat(relayed("sent")).isEqualTo(305.0);
        assertThat(relayed("retried")).isEqualTo(1.0);
        assertThat(relayed("lease_lost")).isEqualTo(1.0);
    }

    @Test
    void anIdleRelayPollsOncePerInterval() {
        OutboxRelayScheduler relay = scheduler(Duration.ofMillis(100), Duration.ofSeconds(1));

        relay.start();

        await().atMost(Duration.ofSeconds(10)).until(() -> rounds.get() >= 5);
    }

    @Test
    void aCommitWakesAnIdleRelayAtOnceInsteadOfAfterItsInterval() {
        OutboxRelayScheduler relay = scheduler(Duration.ofMinutes(10), Duration.ofMinutes(10));
        relay.start();
        await().atMost(Duration.ofSeconds(10)).until(() -> rounds.get() == 1);

        relay.outboxCommitted();

        await().atMost(Duration.ofSeconds(2)).until(() -> rounds.get() == 2);
        relay.outboxCommitted();
        await().atMost(Duration.ofSeconds(2)).until(() -> rounds.get() == 3);
    }

    @Test
    void aCommitDuringADrainMakesTheNextDrainStartWithoutItsPause() throws Exception {
        java.util.concurrent.CountDownLatch inRound = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        AtomicInteger drains = new AtomicInteger();
        scheduler = new OutboxRelayScheduler(() -> {
            if (drains.incrementAndGet() == 2) {
                inRound.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return RelayReport.IDLE;
        }, () -> 0, () -> OutboxBacklog.EMPTY, new OutboxRelayScheduler.Settings(Duration.ofMinutes(10),
                Duration.ofMinutes(10), Duration.ofMinutes(10), Duration.ZERO, Duration.ofMinutes(10)),
                Clock.fixed(NOW, ZoneOffset.UTC), meters);
        scheduler.start();
        await().atMost(Duration.ofSeconds(10)).until(() -> drains.get() == 1);
        scheduler.outboxCommitted();
        assertThat(inRound.await(5, java.util.concurrent.TimeUnit.SECONDS)).isTrue();

        // The running drain may have claimed before this commit: one more follows at once, not in 10 minutes.
        scheduler.outboxCommitted();
        release.countDown();

        await().atMost(Duration.ofSeconds(2)).until(() -> drains.get() == 3);
    }

    @Test
    void aCommitDoesNotCutShortTheBackoffWhileTheBrokerIsDown() throws Exception {
        for (int i = 0; i < 100; i++) {
            script.add(BROKER_DOWN);
        }
        OutboxRelayScheduler relay = scheduler(Duration.ofSeconds(5), Duration.ofSeconds(30));
        relay.start();
        await().atMost(Duration.ofSeconds(10)).until(() -> rounds.get() == 1);

        for (int i = 0; i < 20; i++) {
            relay.outboxCommitted();
        }
        Thread.sleep(500);

        assertThat(rounds.get()).as("still backing off (10 s)").isEqualTo(1);
    }

    @Test
    void whileTheBrokerIsDownTheRelayBacksOffInsteadOfChurningThroughTheBacklog() throws Exception {
        for (int i = 0; i < 100; i++) {
            script.add(BROKER_DOWN);
        }
        OutboxRelayScheduler relay = scheduler(Duration.ofMillis(100), Duration.ofSeconds(30));

        relay.start();
        Thread.sleep(1_000);

        // 0 ms, then pauses of 200, 400, 800 ms: four rounds in the first second, not one per interval.
        assertThat(rounds.get()).isBetween(2, 4);
        assertThat(relay.pause(1)).isEqualTo(Duration.ofMillis(200));
        assertThat(relay.pause(10)).isEqualTo(Duration.ofSeconds(30));
        assertThat(relay.pause(1_000)).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void aFailingRoundIsRetriedAfterAPause() {
        AtomicInteger calls = new AtomicInteger();
        scheduler = new OutboxRelayScheduler(() -> {
            if (calls.incrementAndGet() == 1) {
                throw new IllegalStateException("database down");
            }
            return RelayReport.IDLE;
        }, () -> 0, () -> OutboxBacklog.EMPTY, new OutboxRelayScheduler.Settings(Duration.ofMillis(50),
                Duration.ofSeconds(1), Duration.ofMinutes(1), Duration.ZERO, Duration.ofMinutes(1)),
                Clock.systemUTC(), meters);

        scheduler.start();

        await().atMost(Duration.ofSeconds(10)).until(() -> calls.get() >= 3);
    }

    @Test
    void severalRelayThreadsWorkRoundsAtTheSameTimeAndOneThreadNever() throws Exception {
        assertThat(maxRoundsInFlight(3)).isEqualTo(3);
        assertThat(maxRoundsInFlight(1)).isEqualTo(1);
    }

    /** Rounds that each take 300 ms, on {@code threads} relay threads: the most seen in flight at once. */
    private int maxRoundsInFlight(int threads) throws Exception {
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        AtomicInteger started = new AtomicInteger();
        OutboxRelayScheduler relay = new OutboxRelayScheduler(() -> {
            started.incrementAndGet();
            most.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                inFlight.decrementAndGet();
            }
            return RelayReport.IDLE;
        }, () -> 0, () -> OutboxBacklog.EMPTY, new OutboxRelayScheduler.Settings(Duration.ofMillis(10),
                Duration.ofSeconds(1), Duration.ofMinutes(1), Duration.ZERO, Duration.ofMinutes(1), threads),
                Clock.systemUTC(), meters);
        try {
            relay.start();
            await().atMost(Duration.ofSeconds(10)).until(() -> started.get() >= 6);
        } finally {
            relay.stop();
        }
        return most.get();
    }

    @Test
    void relayThreadsAreBetweenOneAndSixteen() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new OutboxRelayScheduler.Settings(
                Duration.ofMillis(10), Duration.ofSeconds(1), Duration.ofMinutes(1), Duration.ZERO,
                Duration.ofMinutes(1), 0)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("threads");
    }

    @Test
    void purgingRunsBatchAfterBatchUntilNothingIsLeft() {
        purges.addAll(java.util.List.of(500, 500, 123));
        OutboxRelayScheduler relay = scheduler(Duration.ofMinutes(10), Duration.ofMinutes(10));

        relay.start();

        await().atMost(Duration.ofSeconds(10))
                .until(() -> meters.get("tristate.outbox.purged").counter().count() == 1123.0);
    }

    @Test
    void theBacklogGaugesShowTheLastReadBacklog() {
        OutboxRelayScheduler relay = scheduler(Duration.ofMinutes(10), Duration.ofMinutes(10));

        relay.start();

        await().atMost(Duration.ofSeconds(10)).until(() -> relay.lastBacklog().pending() == 42);
        assertThat(meters.get("tristate.outbox.pending").gauge().value()).isEqualTo(42.0);
        assertThat(meters.get("tristate.outbox.quarantined").gauge().value()).isEqualTo(3.0);
        assertThat(meters.get("tristate.outbox.oldest.pending.age").timeGauge().value(
                java.util.concurrent.TimeUnit.SECONDS)).isEqualTo(90.0);
    }

    @Test
    void afterStopNoFurtherRoundRuns() throws Exception {
        OutboxRelayScheduler relay = scheduler(Duration.ofMillis(20), Duration.ofMillis(20));
        relay.start();
        await().atMost(Duration.ofSeconds(10)).until(() -> rounds.get() >= 2);

        relay.stop();
        int afterStop = rounds.get();
        Thread.sleep(300);

        assertThat(relay.isRunning()).isFalse();
        assertThat(rounds.get()).isEqualTo(afterStop);
    }
}
