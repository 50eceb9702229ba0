package dev.tristate.bootstrap;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Runs one piece of background work in this process every {@code interval} (one round at a time, the first after one
 * interval), on its own daemon thread named {@code name}. A round returns what to log (null: nothing worth saying);
 * a round that fails is logged and the next one tries again.
 */
class PeriodicTask implements SmartLifecycle {

    private static final Logger LOG = LoggerFactory.getLogger(PeriodicTask.class);

    private final String name;
    private final Duration interval;
    private final Supplier<String> round;
    private ScheduledExecutorService executor;

    PeriodicTask(String name, Duration interval, Supplier<String> round) {
        this.name = Objects.requireNonNull(name, "name");
        Objects.requireNonNull(interval, "interval");
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException(name + ": the interval must be positive: " + interval);
        }
        this.interval = interval;
        this.round = Objects.requireNonNull(round, "round");
    }

    @Override
    public synchronized void start() {
        executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, name);
            thread.setDaemon(true);
            return thread;
        });
        executor.scheduleWithFixedDelay(this::runRound, interval.toMillis(), interval.toMillis(),
                TimeUnit.MILLISECONDS);
    }

    private void runRound() {
        try {
            String said = round.get();
            if (said != null) {
                LOG.info("{}: {}", name, said);
            }
        } catch (RuntimeException e) {
            // The database (or whatever the round needs) is away; the next round tries again.
            LOG.warn("{}: round failed: {}", name, e.toString());
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
