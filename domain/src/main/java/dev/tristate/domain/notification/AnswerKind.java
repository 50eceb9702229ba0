package dev.tristate.domain.notification;

/**
 * The four things the system can tell a channel about a notification. Every channel has its own words for them; the
 * meaning is the same.
 */
public enum AnswerKind {
    /** Durably recorded (applied, duplicate, stale or held for review): stop sending. Only after COMMIT. */
    SUCCESS,
    /** Malformed: do not re-send as is. */
    INVALID,
    /** Signature or timestamp check failed: nothing changed. */
    BAD_SIGNATURE,
    /** Not recorded, or the outcome of our own write is unknown: send again later. */
    RETRY
}
