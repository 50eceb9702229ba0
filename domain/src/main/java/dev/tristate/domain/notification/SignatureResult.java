package dev.tristate.domain.notification;

/** The result of checking a notification's signature. */
public enum SignatureResult {
    VALID,
    BAD_SIGNATURE,
    STALE_TIMESTAMP,
    /** Rejected before the signature could be checked (malformed, unknown merchant, too large). */
    NOT_CHECKED
}
