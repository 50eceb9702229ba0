package dev.tristate.application.callback.port.out;

/**
 * How many notifications that failed verification (unreadable, unknown merchant, bad signature, too large) one caller
 * may have recorded per channel. Anyone can send those, so without a budget a flood of forgeries would fill the
 * notification log; genuine, verified notifications never draw on it.
 */
public interface RejectionBudget {

    /** Spends one unit of {@code caller}'s budget on {@code channel}; false when it is spent. */
    boolean tryRecord(String channel, String caller);

    /** No limit (service tests and tools that are their own only caller). */
    static RejectionBudget unlimited() {
        return (channel, caller) -> true;
    }
}
