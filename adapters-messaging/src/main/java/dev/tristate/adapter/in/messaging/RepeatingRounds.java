package dev.tristate.adapter.in.messaging;

import dev.tristate.application.port.in.RetryConsumerDeliveriesUseCase;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Runs the consumers' scheduled redelivery in this process: one round per interval, rounds back to back while they
 * come back full, a growing pause (up to {@code maxPause}) while the database fails. Any number of processes may run
 * it; the deliveries' versions keep them apart.
 */
public class ConsumerRetryScheduler implements SmartLifecycle {

    private static final Logger LOG = LoggerFactory.getLogger(ConsumerRetryScheduler.class);

    private final RetryConsumerDeliveriesUseCase retries;
    private final Duration interval;
    private final Duration maxPause;
    private final int batchSize;
    private volatile boolean running;
    private ScheduledExecutorService thread;
    private int failuresInARow;

    public ConsumerRetryScheduler(RetryConsumerDeliveriesUseCase retries, Duration interval, Duration maxPause,
                                  int batchSize) {
        this.retries = Objects.requireNonNull(retries, "retries");
        this.interval = Objects.requireNonNull(interval, "interval");
        this.maxPause = Objects.requireNonNull(maxPause, "max pause");
        this.batchSize = batchSize;
        if (interval.isNegative() || interval.isZero() || maxPause.compareTo(interval) < 0) {
            throw new IllegalArgumentException("the retry interval must be positive and not above the maximum pause");
        }
    }

    @Override
    public synchronized void start() {
        if (running) {
            return;
        }
        ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "tristate-consumer-retries");
            t.setDaemon(true);
            return t;
        });
        executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        thread = executor;
        running = true;
        thread.schedule(this::round, interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void round() {
        if (!running) {
            return;
        }
        Duration next = interval;
        try {
            int taken = retries.retryDue();
            failuresInARow = 0;
            if (taken >= batchSize) {
                next = Duration.ZERO;
            }
        } catch (RuntimeException e) {
            failuresInARow++;
            long factor = 1L << Math.min(failuresInARow, 16);
            next = interval.multipliedBy(factor).compareTo(maxPause) > 0 ? maxPause : interval.multipliedBy(factor);
            if (failuresInARow == 1) {
                LOG.warn("Consumer retries failed; pausing up to {} between rounds until they work again", maxPause, e);
            }
        }
        if (running) {
            thread.schedule(this::round, next.toMillis(), TimeUnit.MILLISECONDS);
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
