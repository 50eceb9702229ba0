package dev.tristate.adapter.in.messaging;

import dev.tristate.application.outbox.port.in.OutboxBacklogQuery;
import dev.tristate.application.outbox.port.in.PurgeSentEventsUseCase;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The relay's housekeeping, on a thread of its own beside the relay loops: purging old SENT events in small batches,
 * and reading the backlog for the gauges. Either failing is logged and tried again at its next run.
 */
final class OutboxHousekeeping {

    private static final Logger LOG = LoggerFactory.getLogger(OutboxHousekeeping.class);

    /** At most this many purge batches per run, so one run never goes on for long. */
    static final int MAX_PURGE_BATCHES_PER_RUN = 1_000;

    private final PurgeSentEventsUseCase purge;
    private final OutboxBacklogQuery backlogQuery;
    private final Duration purgeBatchPause;
    private final RelayMetrics metrics;
    private final BooleanSupplier running;

    OutboxHousekeeping(PurgeSentEventsUseCase purge, OutboxBacklogQuery backlogQuery, Duration purgeBatchPause,
                       RelayMetrics metrics, BooleanSupplier running) {
        this.purge = purge;
        this.backlogQuery = backlogQuery;
        this.purgeBatchPause = purgeBatchPause;
        this.metrics = metrics;
        this.running = running;
    }

    void purgeRun() {
        try {
            for (int batch = 0; running.getAsBoolean() && batch < MAX_PURGE_BATCHES_PER_RUN; batch++) {
                int deleted = purge.purgeOnce();
                metrics.purged(deleted);
                if (deleted == 0) {
                    return;
                }
                Thread.sleep(purgeBatchPause.toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.warn("Purging sent outbox events failed; the next run tries again", e);
        }
    }

    void refreshBacklog() {
        try {
            metrics.backlog(backlogQuery.backlog());
        } catch (RuntimeException e) {
            LOG.debug("Could not read the outbox backlog for the metrics", e);
        }
    }
}
