package dev.tristate.application.outbox.port.in;

import dev.tristate.domain.outbox.BacklogSample;
import dev.tristate.domain.outbox.OutboxBacklog;
import java.util.List;

/** Read side for metrics and the console: what is waiting in the outbox and what was given up on. */
public interface OutboxBacklogQuery {

    /** The backlog as the store counts it now; each read is also kept as a sample of {@link #history()}. */
    OutboxBacklog backlog();

    /**
     * The backlog over the last day, oldest first: one sample per five minutes with the most events waiting and the
     * oldest one's greatest age in that time, as the instances' reads (the gauges' schedule) found them. Stored in the
     * database, so shared by every instance and kept across restarts. A reader that keeps no history (a test's stub,
     * say) has none.
     */
    default List<BacklogSample> history() {
        return List.of();
    }
}
