package dev.tristate.application.outbox.service;

import dev.tristate.application.outbox.port.in.OutboxBacklogQuery;
import dev.tristate.application.outbox.port.out.OutboxRelayStore;
import dev.tristate.domain.outbox.OutboxBacklog;

/** What is waiting in the outbox, as the store counts it. */
class OutboxBacklogService implements OutboxBacklogQuery {

    private final OutboxRelayStore store;

    OutboxBacklogService(OutboxRelayStore store) {
        this.store = store;
    }

    @Override
    public OutboxBacklog backlog() {
        return store.backlog();
    }
}
