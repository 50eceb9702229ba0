package dev.tristate.adapter.in.messaging;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Runs rounds of database-driven work in this process (the consumers' scheduled redelivery, the task runner): one
 * round per interval, rounds back to back while they come back full, a growing pause (up to {@code maxPause}) while
 * the database fails. Any number of processes may run them; the rows' versions keep them apart.
 */
public class RepeatingRounds implements SmartLifecycle {

    private static final Logger LOG = LoggerFactory.getLogger(RepeatingRounds.class);

    private final String name;
    private final IntSupplier round;
    private final Duration interval;
    private final Duration maxPause;
    private final int batchSize;
    private volatile boolean running;
    private ScheduledExecutorService thread;
    private int failuresInARow;

    /** @param round one round of work; returns how many items it took (a full batch runs the next one at once) */
    public RepeatingRounds(String name, IntSupplier round, Duration interval, Duration maxPause, int batchSize) {
        this.name = Objects.requireNonNull(name, "name");
        this.round = Objects.requireNonNull(round, "round");
        this.interval = Objects.requireNonNull(interval, "interval");
        this.maxPause = Objects.requireNonNull(maxPause, "max pause");
        this.batchSize = batchSize;
        if (interval.isNegative() || interval.isZero() || maxPause.compareTo(interval) < 0) {
            throw new IllegalArgumentException("the interval must be positive and not above the maximum pause");
        }
    }

    @Override
    public synchronized void start() {
        if (running) {
            return;
        }
        ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "tristate-" + name);
            t.setDaemon(true);
            return t;
        });
        executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        thread = executor;
        running = true;
        thread.schedule(this::runRound, interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void runRound() {
        if (!running) {
            return;
        }
        Duration next = interval;
        try {
            int taken = round.getAsInt();
            failuresInARow = 0;
            if (taken >= batchSize) {
                next = Duration.ZERO;
            }
        } catch (RuntimeException e) {
            if (!running) {
                // Stopping interrupted the round (a connection wait, a query): that is the stop, not a failure.
                return;
            }
            failuresInARow++;
            long factor = 1L << Math.min(failuresInARow, 16);
            next = interval.multipliedBy(factor).compareTo(maxPause) > 0 ? maxPause : interval.multipliedBy(factor);
            if (failuresInARow == 1) {
                LOG.warn("Rounds of {} failed; pausing up to {} between rounds until they work again", name,
                        maxPause, e);
            }
        }
        if (running) {
            thread.schedule(this::runRound, next.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public synchronized void stop() {
        running = false;
        if (thread != null) {
            thread.shutdownNow();
            try {
                thread.awaitTermination(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
