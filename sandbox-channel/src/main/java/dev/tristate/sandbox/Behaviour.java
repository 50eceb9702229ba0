package dev.tristate.sandbox;

import dev.tristate.simulator.kit.SwitchLimits;

/**
 * The fault switches of one trade, all off by default.
 *
 * @param duplicates         each notification is sent this many extra times
 * @param outOfOrder         a PROCESSING notification is held back and delivered after the next one
 * @param delayMs            each delivery starts this much later
 * @param dropCallbacks      no notification is sent at all
 * @param queryTimeout       the status query hangs for {@code tristate.sandbox-channel.query-hang-ms} first
 * @param reportAmountMinor  when not null, notifications, query and statement report this amount
 * @param refundTimeout      a refund call hangs for {@code query-hang-ms} before it answers, but the refund is made at
 *                           once: the answer is lost, not the refund
 * @param refundProcessing   a new refund answers PROCESSING and becomes SUCCESS at its next query or after
 *                           {@code refundSettleMs}, whichever comes first
 * @param refundSettleMs     with {@code refundProcessing}: after how long a PROCESSING refund succeeds by itself; null
 *                           means {@code tristate.sandbox-channel.refund-settle-ms}, 0 means only at its next query
 * @param refundFail         a new refund is refused (FAILED with a fail_reason)
 * @param refundQueryTimeout the refund query hangs for {@code query-hang-ms} first
 */
record Behaviour(int duplicates, boolean outOfOrder, long delayMs, boolean dropCallbacks, boolean queryTimeout,
                 Long reportAmountMinor, boolean refundTimeout, boolean refundProcessing, Long refundSettleMs,
                 boolean refundFail, boolean refundQueryTimeout) {

    static final Behaviour NONE = new Behaviour(0, false, 0, false, false, null);

    Behaviour {
        SwitchLimits.checkDuplicates(duplicates);
        SwitchLimits.checkDelay("delay_ms", delayMs);
        if (reportAmountMinor != null && reportAmountMinor < 0) {
            throw new IllegalArgumentException("report_amount_minor must not be negative");
        }
        if (refundSettleMs != null) {
            SwitchLimits.checkDelay("refund_settle_ms", refundSettleMs);
        }
    }

    /** The payment switches only; every refund switch off. */
    Behaviour(int duplicates, boolean outOfOrder, long delayMs, boolean dropCallbacks, boolean queryTimeout,
              Long reportAmountMinor) {
        this(duplicates, outOfOrder, delayMs, dropCallbacks, queryTimeout, reportAmountMinor, false, false, null,
                false, false);
    }

    long reportedAmount(long realAmountMinor) {
        return reportAmountMinor == null ? realAmountMinor : reportAmountMinor;
    }

    /** How long after it was made a PROCESSING refund succeeds by itself (0: only at its next query). */
    long refundSettleMs(long configuredDefault) {
        return refundSettleMs == null ? configuredDefault : refundSettleMs;
    }
}
