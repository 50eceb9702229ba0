package dev.tristate.sandbox;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * The channel's small timer: deliveries, retries and hanging queries are scheduled here and never run on the
 * thread of the HTTP request that caused them. Tasks only start work (the HTTP client sends asynchronously), so two
 * threads are plenty.
 */
@Component
class SandboxScheduler implements DisposableBean {

    private final ScheduledThreadPoolExecutor executor;

    SandboxScheduler() {
        AtomicInteger threads = new AtomicInteger();
        ThreadFactory factory = task -> {
            Thread thread = new Thread(task, "sandbox-channel-" + threads.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
        executor = new ScheduledThreadPoolExecutor(2, factory);
        executor.setRemoveOnCancelPolicy(true);
    }

    /** Runs {@code task} after {@code delayMs}; returns false when the channel is shutting down. */
    boolean schedule(Runnable task, long delayMs) {
        try {
            executor.schedule(task, Math.max(0, delayMs), TimeUnit.MILLISECONDS);
            return true;
        } catch (RejectedExecutionException shuttingDown) {
            return false;
        }
    }

    @Override
    public void destroy() {
        executor.shutdownNow();
    }
}
