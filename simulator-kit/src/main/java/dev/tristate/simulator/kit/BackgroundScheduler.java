package dev.tristate.simulator.kit;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A simulator's small timer: deliveries, their retries, hanging answers and late settlements run here, never on the
 * thread of the HTTP request that caused them. Tasks only start work (the HTTP client sends asynchronously), so two
 * daemon threads are plenty. Each simulator declares its own subclass as a bean, so that several simulators hosted in
 * one application context each find their own timer by type; Spring closes it with the context.
 */
public class BackgroundScheduler implements AutoCloseable {

    private final ScheduledThreadPoolExecutor executor;

    /** {@code threadPrefix} names the threads ({@code <prefix>-1}, ...), so a thread dump tells whose they are. */
    protected BackgroundScheduler(String threadPrefix) {
        AtomicInteger threads = new AtomicInteger();
        executor = new ScheduledThreadPoolExecutor(2, task -> {
            Thread thread = new Thread(task, threadPrefix + "-" + threads.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        executor.setRemoveOnCancelPolicy(true);
    }

    /** Runs {@code task} after {@code delayMs} (at once when negative); false when the simulator is shutting down. */
    public boolean schedule(Runnable task, long delayMs) {
        try {
            executor.schedule(task, Math.max(0, delayMs), TimeUnit.MILLISECONDS);
            return true;
        } catch (RejectedExecutionException shuttingDown) {
            return false;
        }
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
