package dev.tristate.simulator.stripe;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * The simulator's small timer: webhook deliveries, their retries and refunds that settle later run here, never on
 * the thread of the request that caused them. Tasks only start work (the HTTP client sends asynchronously).
 */
@Component
class StripeSimulatorScheduler implements DisposableBean {

    private final ScheduledThreadPoolExecutor executor;

    StripeSimulatorScheduler() {
        AtomicInteger threads = new AtomicInteger();
        ThreadFactory factory = task -> {
            Thread thread = new Thread(task, "stripe-simulator-" + threads.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
        executor = new ScheduledThreadPoolExecutor(2, factory);
        executor.setRemoveOnCancelPolicy(true);
    }

    /** Runs {@code task} after {@code delayMs}; false when the simulator is shutting down. */
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
