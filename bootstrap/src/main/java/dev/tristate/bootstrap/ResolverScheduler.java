package dev.tristate.bootstrap;

import dev.tristate.application.port.in.ResolvePaymentsUseCase;
import dev.tristate.application.port.in.ResolvePaymentsUseCase.ResolverRun;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Runs the resolver in this process every {@code tristate.resolver.interval} (one round at a time). Every instance of
 * the application may run it: the cases' leases keep the resolvers apart.
 */
class ResolverScheduler implements SmartLifecycle {

    private static final Logger LOG = LoggerFactory.getLogger(ResolverScheduler.class);

    private final ResolvePaymentsUseCase resolver;
    private final Duration interval;
    private ScheduledExecutorService executor;

    ResolverScheduler(ResolvePaymentsUseCase resolver, Duration interval) {
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("tristate.resolver.interval must be positive: " + interval);
        }
        this.resolver = resolver;
        this.interval = interval;
    }

    @Override
    public synchronized void start() {
        executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "tristate-resolver");
            thread.setDaemon(true);
            return thread;
        });
        executor.scheduleWithFixedDelay(this::round, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void round() {
        try {
            ResolverRun run = resolver.resolveDue();
            if (run.claimed() > 0 || run.opened() > 0) {
                LOG.info("Resolver round: {}", run);
            }
        } catch (RuntimeException e) {
            // The database or a channel is away; the next round tries again.
            LOG.warn("Resolver round failed: {}", e.toString());
        }
    }

    @Override
    public synchronized void stop() {
        if (executor != null) {
            executor.shutdownNow();
            executor = null;
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return executor != null;
    }
}
