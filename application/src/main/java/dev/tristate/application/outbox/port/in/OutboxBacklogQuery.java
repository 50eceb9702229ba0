package dev.tristate.application.outbox.port.in;

import dev.tristate.domain.outbox.OutboxBacklog;
import java.time.Instant;
import java.util.List;

/** Read side for metrics and the console: what is waiting in the outbox and what was given up on. */
public interface OutboxBacklogQuery {

    /** The backlog as the store counts it now; each read is also kept as a sample of {@link #history()}. */
    OutboxBacklog backlog();

    /**
     * The backlog over the last day as this process read it (the gauges' schedule reads it every few seconds), oldest
     * first: one sample per five minutes with the most events waiting and the oldest one's greatest age in that time,
     * so a spike between two reads of the page is not lost. Empty until the first read; kept in memory, per process.
     * A reader that keeps no history (a test's stub, say) has none.
     */
    default List<BacklogSample> history() {
        return List.of();
    }

    /** Five minutes of the backlog: when they began, the most events waiting, the oldest waiting one's age. */
    record BacklogSample(Instant at, long waiting, long oldestWaitingSeconds) {
    }
}
