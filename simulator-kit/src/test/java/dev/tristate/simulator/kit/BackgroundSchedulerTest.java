package dev.tristate.simulator.kit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class BackgroundSchedulerTest {

    @Test
    void aTaskRunsLaterOnADaemonThreadNamedForItsSimulator() throws Exception {
        try (BackgroundScheduler scheduler = new BackgroundScheduler("some-simulator") { }) {
            CompletableFuture<Thread> ranOn = new CompletableFuture<>();
            long start = System.nanoTime();

            assertThat(scheduler.schedule(() -> ranOn.complete(Thread.currentThread()), 50)).isTrue();

            Thread thread = ranOn.get(5, TimeUnit.SECONDS);
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isGreaterThanOrEqualTo(50);
            assertThat(thread.getName()).startsWith("some-simulator-");
            assertThat(thread.isDaemon()).isTrue();
        }
    }

    @Test
    void aNegativeDelayRunsAtOnce() throws Exception {
        try (BackgroundScheduler scheduler = new BackgroundScheduler("some-simulator") { }) {
            CompletableFuture<Boolean> ran = new CompletableFuture<>();

            scheduler.schedule(() -> ran.complete(true), -1_000);

            assertThat(ran.get(5, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void onceClosedItRefusesNewTasksAndSaysSo() {
        BackgroundScheduler scheduler = new BackgroundScheduler("some-simulator") { };
        scheduler.close();

        assertThat(scheduler.schedule(() -> { }, 0)).isFalse();
    }
}
