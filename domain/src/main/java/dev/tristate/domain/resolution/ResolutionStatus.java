package dev.tristate.domain.resolution;

import java.util.Arrays;
import java.util.List;

/** Where the resolution of one payment stands. */
public enum ResolutionStatus {
    /** The resolver asks the channel at {@code next_attempt_at}. */
    OPEN,
    /** The channel's answer settled the payment (or showed that nothing was ever stored). */
    RESOLVED,
    /** The resolver gave up or found something a person must decide; the payment keeps its state, never failed. */
    FLAGGED;

    private static final List<ResolutionStatus> ACTIVE = Arrays.stream(values())
            .filter(ResolutionStatus::isActive).toList();

    /**
     * The case still holds its payment (or refund): the resolver asks, or a person decides. The sweep for stale
     * payments opens no second case beside an active one.
     */
    public boolean isActive() {
        return this != RESOLVED;
    }

    /** Every status of which {@link #isActive()} holds, in declaration order. */
    public static List<ResolutionStatus> active() {
        return ACTIVE;
    }
}
