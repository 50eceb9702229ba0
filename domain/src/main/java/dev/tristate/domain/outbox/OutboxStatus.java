package dev.tristate.domain.outbox;

/** Where an outbox event stands. PENDING covers due, backing off and claimed (leased) alike. */
public enum OutboxStatus {
    /** Not yet confirmed by the broker: due, waiting for its next attempt, or claimed by a relay. */
    PENDING,
    /** Confirmed by the broker (acked, not returned). Purged after the retention. */
    SENT,
    /** Given up on after the retry window, with its last error; kept for a person to look at and replay. */
    QUARANTINED,
    /** Given up on for good by an operator, with a reason in the audit log; never published. */
    DISCARDED
}
