package dev.tristate.sandbox;

/**
 * The fault switches of one trade, all off by default.
 *
 * @param duplicates        each notification is sent this many extra times
 * @param outOfOrder        a PROCESSING notification is held back and delivered after the next one
 * @param delayMs           each delivery starts this much later
 * @param dropCallbacks     no notification is sent at all
 * @param queryTimeout      the status query hangs for {@code tristate.sandbox-channel.query-hang-ms} first
 * @param reportAmountMinor when not null, notifications, query and statement report this amount
 */
record Behaviour(int duplicates, boolean outOfOrder, long delayMs, boolean dropCallbacks, boolean queryTimeout,
                 Long reportAmountMinor) {

    static final Behaviour NONE = new Behaviour(0, false, 0, false, false, null);
    static final int MAX_DUPLICATES = 100;
    static final long MAX_DELAY_MS = 600_000;

    Behaviour {
        if (duplicates < 0 || duplicates > MAX_DUPLICATES) {
            throw new IllegalArgumentException("duplicates must be between 0 and " + MAX_DUPLICATES);
        }
        if (delayMs < 0 || delayMs > MAX_DELAY_MS) {
            throw new IllegalArgumentException("delay_ms must be between 0 and " + MAX_DELAY_MS);
        }
        if (reportAmountMinor != null && reportAmountMinor < 0) {
            throw new IllegalArgumentException("report_amount_minor must not be negative");
        }
    }

    long reportedAmount(long realAmountMinor) {
        return reportAmountMinor == null ? realAmountMinor : reportAmountMinor;
    }
}
