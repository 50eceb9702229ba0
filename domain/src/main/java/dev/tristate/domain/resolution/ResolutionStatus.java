package dev.tristate.domain.resolution;

/** Where the resolution of one payment stands. */
public enum ResolutionStatus {
    /** The resolver asks the channel at {@code next_attempt_at}. */
    OPEN,
    /** The channel's answer settled the payment (or showed that nothing was ever stored). */
    RESOLVED,
    /** The resolver gave up or found something a person must decide; the payment keeps its state, never failed. */
    FLAGGED
}
