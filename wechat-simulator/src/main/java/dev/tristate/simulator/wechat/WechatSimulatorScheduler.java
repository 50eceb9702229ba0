package dev.tristate.simulator.wechat;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * The simulator's small timer: notifications, their re-sends and refunds that settle later run here, never on the
 * thread of the request that caused them. Tasks only start work (the HTTP client sends asynchronously).
 */
@Component
class WechatSimulatorScheduler implements DisposableBean {

    private final ScheduledThreadPoolExecutor executor;

    WechatSimulatorScheduler() {
        AtomicInteger threads = new AtomicInteger();
        executor = new ScheduledThreadPoolExecutor(2, task -> {
            Thread thread = new Thread(task, "wechat-simulator-" + threads.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
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
