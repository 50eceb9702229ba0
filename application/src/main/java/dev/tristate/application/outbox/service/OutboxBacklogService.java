package dev.tristate.application.outbox.service;

import dev.tristate.application.outbox.port.in.OutboxBacklogQuery;
import dev.tristate.application.outbox.port.out.BacklogSampleStore;
import dev.tristate.application.outbox.port.out.OutboxRelayStore;
import dev.tristate.domain.outbox.BacklogSample;
import dev.tristate.domain.outbox.OutboxBacklog;
import java.time.Clock;
import java.util.List;

/** What is waiting in the outbox, as the store counts it, and the last day of it as the instances sampled it. */
class OutboxBacklogService implements OutboxBacklogQuery {

    private final OutboxRelayStore store;
    private final Clock clock;
    private final BacklogHistory history;

    OutboxBacklogService(OutboxRelayStore store, BacklogSampleStore samples, Clock clock) {
        this.store = store;
        this.clock = clock;
        this.history = new BacklogHistory(samples);
    }

    @Override
    public OutboxBacklog backlog() {
        OutboxBacklog backlog = store.backlog();
        history.add(clock.instant(), backlog);
        return backlog;
    }

    @Override
    public List<BacklogSample> history() {
        return history.samples(clock.instant());
    }
}
