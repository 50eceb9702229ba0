package dev.tristate.domain.notification;

/** What became of a notification that reached us. */
public enum NotificationOutcome {
    /** Being handled in the transaction that recorded it (never seen committed: the same transaction completes it). */
    IN_PROGRESS,
    /** It moved the payment. */
    APPLIED,
    /** The same notification again, or a report of the state the payment is already in: nothing changed. */
    DUPLICATE,
    /** A lower state that arrived after a higher one: recorded, ignored. */
    STALE,
    /** Genuine but disagreeing with the payment: nothing changed; a review case is open. */
    HELD_FOR_REVIEW,
    /** A genuine event that is not about a payment's status: acknowledged, nothing to do. */
    ACKNOWLEDGED,
    /** Malformed, unsigned, wrongly signed, too large or from an unknown merchant: nothing changed. */
    REJECTED,
    /** Verified, but it could not be recorded (database trouble): the channel was told to send it again. */
    NOT_RECORDED
}
