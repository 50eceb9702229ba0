package dev.tristate.adapter.in.messaging;

import dev.tristate.application.outbox.port.in.OutboxBacklogQuery;
import dev.tristate.application.outbox.port.in.PurgeSentEventsUseCase;
import dev.tristate.application.outbox.port.in.RelayOutboxUseCase;
import dev.tristate.application.outbox.port.in.RelayReport;
import dev.tristate.application.outbox.port.out.RelayWakeUp;
import dev.tristate.domain.outbox.OutboxBacklog;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Drives the outbox relay in this process: relay rounds back to back while batches come back full (draining a
 * backlog continuously), one round per interval when idle, and a growing pause (up to a maximum) while the broker or
 * the database cannot be reached. A commit that wrote outbox rows in this process wakes an idle loop at once
 * ({@link #outboxCommitted}), so an event is published within milliseconds of its commit rather than at the next
 * poll; polling stays for rows other processes wrote and for wake-ups that are lost. Housekeeping runs on its own
 * thread: purging old SENT events in small batches and refreshing the backlog gauges. Any number of processes may run
 * this at once; the outbox's leases keep them apart.
 */
public class OutboxRelayScheduler implements SmartLifecycle, RelayWakeUp {

    private static final Logger LOG = LoggerFactory.getLogger(OutboxRelayScheduler.class);

    /**
     * @param interval          pause between rounds when nothing more is due
     * @param maxPause          longest pause while the broker or the database is unavailable
     * @param purgeInterval     pause between purge runs
     * @param purgeBatchPause   pause between two purge batches of one run, leaving room for other work
     * @param metricsInterval   how often the backlog gauges are refreshed (one COUNT query)
     * @param threads           relay loops in this process, each claiming its own batches (SKIP LOCKED keeps them
     *                          apart like separate processes), so one loop's database work overlaps another's wait
     *                          for the broker's confirms
     */
    public record Settings(Duration interval, Duration maxPause, Duration purgeInterval, Duration purgeBatchPause,
                           Duration metricsInterval, int threads) {

        public Settings(Duration interval, Duration maxPause, Duration purgeInterval, Duration purgeBatchPause,
                        Duration metricsInterval) {
            this(interval, maxPause, purgeInterval, purgeBatchPause, metricsInterval, 1);
        }

        public Settings {
            if (threads < 1 || threads > 16) {
                throw new IllegalArgumentException("relay threads must be between 1 and 16: " + threads);
            }
            for (Duration d : new Duration[] {interval, maxPause, purgeInterval, purgeBatchPause, metricsInterval}) {
                Objects.requireNonNull(d, "relay schedule");
                if (d.isNegative()) {
                    throw new IllegalArgumentException("relay schedule durations must not be negative");
                }
            }
            if (interval.isZero() || maxPause.compareTo(interval) < 0) {
                throw new IllegalArgumentException("relay interval must be positive and not above the maximum pause");
            }
        }
    }

    private final RelayOutboxUseCase relay;
    private final OutboxHousekeeping housekeeping;
    private final Settings settings;
    private final RelayMetrics metrics;

    private volatile boolean running;
    private final List<Loop> loops = new CopyOnWriteArrayList<>();
    private ScheduledExecutorService relayThread;
    private ScheduledExecutorService housekeepingThread;

    public OutboxRelayScheduler(RelayOutboxUseCase relay, PurgeSentEventsUseCase purge,
                                OutboxBacklogQuery backlogQuery, Settings settings, Clock clock, MeterRegistry meters) {
        this.relay = relay;
        this.settings = settings;
        this.metrics = new RelayMetrics(clock, meters);
        this.housekeeping = new OutboxHousekeeping(purge, backlogQuery, settings.purgeBatchPause(), metrics,
                () -> running);
    }

    @Override
    public synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        relayThread = threads("tristate-outbox-relay", settings.threads());
        housekeepingThread = threads("tristate-outbox-housekeeping", 1);
        loops.clear();
        for (int i = 0; i < settings.threads(); i++) {
            Loop loop = new Loop();
            loops.add(loop);
            loop.scheduleIn(Duration.ZERO);
        }
        housekeepingThread.scheduleWithFixedDelay(housekeeping::refreshBacklog, 0,
                settings.metricsInterval().toMillis(), TimeUnit.MILLISECONDS);
        housekeepingThread.scheduleWithFixedDelay(housekeeping::purgeRun, settings.purgeInterval().toMillis(),
                settings.purgeInterval().toMillis(), TimeUnit.MILLISECONDS);
        LOG.info("Outbox relay started ({} thread(s), interval {}, purge every {})", settings.threads(),
                settings.interval(), settings.purgeInterval());
    }

    private static ScheduledExecutorService threads(String name, int count) {
        AtomicInteger number = new AtomicInteger();
        ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(count, r -> {
            Thread thread = new Thread(r, count == 1 ? name : name + "-" + number.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        // After stop(), a round that is only scheduled does not start; one in flight finishes.
        executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        executor.setContinueExistingPeriodicTasksAfterShutdownPolicy(false);
        return executor;
    }

    /**
     * Wakes one loop that waits for its next poll; when every loop is busy, the first to finish its drain starts the
     * next at once instead of pausing. A loop backing off from a failure stays in its backoff. Cheap, and called on
     * the committing thread.
     */
    @Override
    public void outboxCommitted() {
        if (!running) {
            return;
        }
        for (Loop loop : loops) {
            if (loop.wake()) {
                return;
            }
        }
        for (Loop loop : loops) {
            loop.wakeWhenDone();
        }
    }

    /** One relay loop: its own drains, and its own count of failures in a row. */
    private final class Loop {

        private int failuresInARow;
        /** The next drain while the loop waits for it; null while a drain runs. */
        private ScheduledFuture<?> next;
        /** Rows were committed while a drain ran: start the next one without a pause. */
        private boolean wokenWhileBusy;

        synchronized void scheduleIn(Duration pause) {
            if (!running) {
                return;
            }
            Duration delay = wokenWhileBusy && failuresInARow == 0 ? Duration.ZERO : pause;
            wokenWhileBusy = false;
            try {
                next = relayThread.schedule(this::relayRounds, delay.toMillis(), TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException stoppedMeanwhile) {
                // stop() ran while this round was finishing: nothing more to schedule.
            }
        }

        /** Runs the waiting drain now; false when this loop is busy, backing off, or not waiting. */
        synchronized boolean wake() {
            if (next == null || failuresInARow > 0 || next.getDelay(TimeUnit.MILLISECONDS) <= 0) {
                return false;
            }
            if (next.cancel(false)) {
                next = null;
                scheduleIn(Duration.ZERO);
                return true;
            }
            return false;
        }

        synchronized void wakeWhenDone() {
            wokenWhileBusy = true;
        }

        private synchronized void started() {
            next = null;
        }

        /** One drain: rounds back to back while they come back full; then the next drain after a pause. */
        void relayRounds() {
            started();
            Duration pause;
            try {
                RelayReport report;
                do {
                    report = relay.relayOnce();
                    metrics.count(report);
                } while (running && report.moreDue() && !report.brokerUnavailable());
                if (report.brokerUnavailable()) {
                    pause = failed("the broker cannot be reached; events wait in the outbox", null);
                } else {
                    recovered();
                    pause = settings.interval();
                }
            } catch (RuntimeException e) {
                pause = failed("a relay round failed; events wait in the outbox", e);
            }
            scheduleIn(pause);
        }

        private Duration failed(String what, RuntimeException cause) {
            failuresInARow++;
            Duration pause = pause(failuresInARow);
            if (failuresInARow == 1) {
                LOG.warn("Outbox relay: {}; retrying with backoff up to {}", what, settings.maxPause(), cause);
            } else {
                LOG.debug("Outbox relay: {} ({} in a row)", what, failuresInARow, cause);
            }
            return pause;
        }

        private void recovered() {
            if (failuresInARow > 0) {
                LOG.info("Outbox relay: working again after {} failed round(s)", failuresInARow);
            }
            failuresInARow = 0;
        }
    }

    /** interval × 2^(failures), capped at the maximum pause. */
    Duration pause(int failures) {
        long millis = settings.interval().toMillis();
        for (int i = 0; i < failures && millis < settings.maxPause().toMillis(); i++) {
            millis *= 2;
        }
        return Duration.ofMillis(Math.min(millis, settings.maxPause().toMillis()));
    }

    /** The backlog as last read for the gauges. */
    public OutboxBacklog lastBacklog() {
        return metrics.lastBacklog();
    }

    @Override
    public void stop() {
        ScheduledExecutorService relayExecutor;
        ScheduledExecutorService housekeepingExecutor;
        synchronized (this) {
            if (!running) {
                return;
            }
            running = false;
            relayExecutor = relayThread;
            housekeepingExecutor = housekeepingThread;
        }
        relayExecutor.shutdown();
        housekeepingExecutor.shutdownNow();
        try {
            // A round in flight finishes (publish, confirms, write-back); whatever it leaves is retried later.
            if (!relayExecutor.awaitTermination(30, TimeUnit.SECONDS)) {
                relayExecutor.shutdownNow();
            }
        } catch (InterruptedException e) {
            relayExecutor.shutdownNow();
            Thread.currentThread().interrupt();
        }
        LOG.info("Outbox relay stopped; since it started it {}", metrics.summary());
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
