package dev.tristate.application.outbox.port.in;

import dev.tristate.domain.outbox.OutboxBacklog;

/** Read side for metrics and the console: what is waiting in the outbox and what was given up on. */
public interface OutboxBacklogQuery {

    OutboxBacklog backlog();
}
