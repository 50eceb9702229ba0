package dev.tristate.simulator.kit;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * How the delivery of one notification goes: its copies (the original and the duplicates a switch asked for), the
 * attempts of all of them, and which copies ended acknowledged, rejected or given up. A simulator's listing of its
 * notifications reads it; {@link NotificationDelivery} keeps it up to date. Thread-safe.
 */
public final class DeliveryRecord {

    /** Where a notification stands, as the simulators' listings report it. */
    public enum State {
        /** Kept back by a switch (e.g. to arrive out of order) until it is released. */
        HELD,
        /** Never sent, as a switch said. */
        DROPPED,
        /** A copy is still on its way (or none was queued yet). */
        SENDING,
        /** Some copy was acknowledged. */
        DELIVERED,
        /** No copy was acknowledged and some copy was refused as not to be sent again. */
        REJECTED,
        /** Every attempt of every copy went unacknowledged, or there was nowhere to send it. */
        GAVE_UP
    }

    private volatile boolean held;
    private volatile boolean dropped;
    private final AtomicInteger copies = new AtomicInteger();
    private final AtomicInteger pendingCopies = new AtomicInteger();
    private final AtomicInteger acknowledgedCopies = new AtomicInteger();
    private final AtomicInteger rejectedCopies = new AtomicInteger();
    private final AtomicInteger attempts = new AtomicInteger();

    public void hold() {
        held = true;
    }

    public void release() {
        held = false;
    }

    public void drop() {
        held = false;
        dropped = true;
    }

    void copyQueued() {
        copies.incrementAndGet();
        pendingCopies.incrementAndGet();
    }

    void attempted() {
        attempts.incrementAndGet();
    }

    void copyAcknowledged() {
        acknowledgedCopies.incrementAndGet();
        pendingCopies.decrementAndGet();
    }

    void copyRejected() {
        rejectedCopies.incrementAndGet();
        pendingCopies.decrementAndGet();
    }

    void copyGivenUp() {
        pendingCopies.decrementAndGet();
    }

    public int copies() {
        return copies.get();
    }

    public int attempts() {
        return attempts.get();
    }

    public int acknowledgedCopies() {
        return acknowledgedCopies.get();
    }

    public State state() {
        if (held) {
            return State.HELD;
        }
        if (dropped) {
            return State.DROPPED;
        }
        if (copies.get() == 0 || pendingCopies.get() > 0) {
            return State.SENDING;
        }
        if (acknowledgedCopies.get() > 0) {
            return State.DELIVERED;
        }
        return rejectedCopies.get() > 0 ? State.REJECTED : State.GAVE_UP;
    }
}
