package dev.tristate.domain.payment;

import java.util.Arrays;
import java.util.List;

/**
 * The states of a payment. The priority orders what a later report may do: a report of higher priority moves the
 * payment, one of lower priority arriving late is stale. The exceptions are written in {@link PaymentTransitions}.
 */
public enum PaymentStatus {
    PENDING(0),
    UNKNOWN(0),
    PROCESSING(1),
    FAILED(2),
    CLOSED(3),
    SUCCEEDED(4),
    PARTIALLY_REFUNDED(5),
    REFUNDED(6);

    private static final List<PaymentStatus> UNRESOLVED = Arrays.stream(values())
            .filter(PaymentStatus::isUnresolved).toList();

    private final int priority;

    PaymentStatus(int priority) {
        this.priority = priority;
    }

    public int priority() {
        return priority;
    }

    /** The channel took the money (possibly some of it has been refunded since). */
    public boolean isPaid() {
        return this == SUCCEEDED || this == PARTIALLY_REFUNDED || this == REFUNDED;
    }

    /** A grant bought by the payment stands: paid, and not wholly refunded. */
    public boolean grantStands() {
        return this == SUCCEEDED || this == PARTIALLY_REFUNDED;
    }

    /** Nobody knows the final answer yet: the resolver asks the channel about these. */
    public boolean isUnresolved() {
        return this == PENDING || this == PROCESSING || this == UNKNOWN;
    }

    /** Every status of which {@link #isUnresolved()} holds, in declaration order: the resolver's work list. */
    public static List<PaymentStatus> unresolved() {
        return UNRESOLVED;
    }
}
