package dev.tristate.simulator.kit;

/**
 * The bounds every simulated channel puts on its misbehaviour switches, so that a switch set by hand or by a test can
 * neither flood the host with copies nor hold a notification back beyond a test's patience.
 */
public final class SwitchLimits {

    public static final int MAX_DUPLICATES = 100;
    public static final long MAX_DELAY_MS = 600_000;

    private SwitchLimits() {
    }

    /** Refuses a number of extra copies outside 0 to {@link #MAX_DUPLICATES}. */
    public static void checkDuplicates(int duplicates) {
        if (duplicates < 0 || duplicates > MAX_DUPLICATES) {
            throw new IllegalArgumentException("duplicates must be between 0 and " + MAX_DUPLICATES);
        }
    }

    /** Refuses a delay outside 0 to {@link #MAX_DELAY_MS}; {@code name} is the switch as people set it. */
    public static void checkDelay(String name, long delayMs) {
        if (delayMs < 0 || delayMs > MAX_DELAY_MS) {
            throw new IllegalArgumentException(name + " must be between 0 and " + MAX_DELAY_MS);
        }
    }
}
