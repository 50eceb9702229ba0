package dev.tristate.domain.consumer;

/** Where a message that a consumer could not apply at once stands. */
public enum DeliveryStatus {
    /** Waiting for its next attempt (scheduled redelivery from the database, not a requeue). */
    RETRYING,
    /** Given up on: permanent failure, or retries exhausted. Kept whole for support staff and replay. */
    QUARANTINED,
    /** A later attempt applied it (or found it already applied). */
    APPLIED,
    /** A person gave up on it for good (with a reason, in the audit log); kept whole, never tried again. */
    DISCARDED
}
