package dev.tristate.application.outbox.port.in;

/**
 * One round of the outbox relay: claim a batch of due events under a fresh lease (short transaction), publish them
 * with no transaction open, and write back "sent" only where the lease is still ours. Safe to run in any number of
 * threads and processes over the same table at once.
 */
public interface RelayOutboxUseCase {

    RelayReport relayOnce();
}
