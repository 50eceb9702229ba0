package dev.tristate.application.outbox.port.out;

/**
 * Tells this instance's relay that outbox rows have just been committed, so that it publishes them now rather than at
 * its next poll. Only a hint: the relay still claims what the outbox holds, so a wake-up publishes nothing by itself,
 * and one that is lost (or rows another instance wrote) costs at most one polling interval.
 */
@FunctionalInterface
public interface RelayWakeUp {

    /** Nobody to wake: no relay runs in this process. */
    RelayWakeUp NONE = () -> { };

    /** Called after the commit of a transaction that wrote outbox rows; must return at once. */
    void outboxCommitted();
}
