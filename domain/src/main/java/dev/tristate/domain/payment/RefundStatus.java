package dev.tristate.domain.payment;

import java.util.Arrays;
import java.util.List;

/**
 * Where one refund stands. PENDING and UNKNOWN hold their amount against the captured amount (they may still
 * succeed); SUCCEEDED is counted in the payment's refunded amount; only FAILED frees the amount. A refund leaves
 * PENDING or UNKNOWN once, by a write conditional on being in one of them.
 */
public enum RefundStatus {
    /** Asked for (or about to be asked for) at the channel; the channel has not said it is done. */
    PENDING,
    /** The channel refunded the money. Final. */
    SUCCEEDED,
    /** The channel said it refunded nothing (refused, failed, or never saw the refund). Final. */
    FAILED,
    /** We cannot tell whether the channel acted (a timeout): never read as FAILED; the resolver asks. */
    UNKNOWN;

    private static final List<RefundStatus> OPEN = Arrays.stream(values()).filter(RefundStatus::isOpen).toList();

    /** Not settled yet: the amount is held and the resolver may ask the channel. */
    public boolean isOpen() {
        return this == PENDING || this == UNKNOWN;
    }

    /** Every status of which {@link #isOpen()} holds, in declaration order (PENDING, then UNKNOWN). */
    public static List<RefundStatus> open() {
        return OPEN;
    }
}
