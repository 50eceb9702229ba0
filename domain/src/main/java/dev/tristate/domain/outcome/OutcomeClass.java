package dev.tristate.domain.outcome;

/**
 * How a failed call to the database, the broker or a channel is to be read. The class decides what the caller may do
 * next; a timeout is never read as a "no".
 */
public enum OutcomeClass {
    /** Nothing happened and trying again is safe: deadlock, lock wait timeout, connection refused before sending. */
    RETRYABLE,
    /** It may or may not have happened: timeout or lost connection during commit or while waiting for a reply. */
    UNKNOWN,
    /** A definite answer: "already exists, read and compare" (duplicate key) or "no" (constraint, validation). */
    DEFINITE;

    /** Only a retryable failure may be retried without first finding out what happened. */
    public boolean mayRetryBlindly() {
        return this == RETRYABLE;
    }

    /** An unknown outcome must be resolved by asking (query, reconciliation), never reported as a failure. */
    public boolean mustBeResolved() {
        return this == UNKNOWN;
    }
}
