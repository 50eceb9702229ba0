package dev.tristate.application.outbox.service;

import dev.tristate.application.outbox.port.in.OutboxBacklogQuery;
import dev.tristate.application.outbox.port.out.OutboxRelayStore;
import dev.tristate.domain.outbox.OutboxBacklog;
import java.time.Clock;
import java.util.List;

/** What is waiting in the outbox, as the store counts it, and a day of it as read (in memory, this process). */
class OutboxBacklogService implements OutboxBacklogQuery {

    private final OutboxRelayStore store;
    private final Clock clock;
    private final BacklogHistory history = new BacklogHistory();

    OutboxBacklogService(OutboxRelayStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    @Override
    public OutboxBacklog backlog() {
        OutboxBacklog backlog = store.backlog();
        history.add(clock.instant(), backlog);
        return backlog;
    }

    @Override
    public List<BacklogSample> history() {
        return history.samples();
    }
}
