package dev.tristate.application.shared.port.in;

/**
 * What a unit of work read was changed by a concurrent writer before it could write, and kept changing when read
 * again: the work decided nothing and rolls back. Running the unit of work again reads the new state and decides
 * afresh, so callers treat it as they treat a deadlock: try again, answer "unavailable, retry" (503), or requeue.
 * Not a failure of the database, and never a broken invariant.
 */
public final class ChangedMeanwhile extends RuntimeException {

    public ChangedMeanwhile(String message) {
        super(message);
    }
}
