package dev.tristate.domain.task;

/** Where a task stands. */
public enum TaskStatus {
    /** Waiting for its next run (or held by a runner until its lease ends). */
    PENDING,
    /** The side effect happened (the receiver answered 2xx). */
    DONE,
    /** Not to be done: the payment is no longer paid, or the tenant has no endpoint. */
    SKIPPED,
    /** Given up on: refused for good, or out of attempts. Kept for support staff. */
    QUARANTINED,
    /** A person gave up on it for good (with a reason, in the audit log); never run again. */
    DISCARDED
}
