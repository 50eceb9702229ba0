package dev.tristate.simulator.alipay;

import dev.tristate.simulator.kit.SwitchLimits;

/**
 * The misbehaviour switches of one trade, all off by default.
 *
 * @param duplicates        each notification is sent this many extra times (same notify_id, each with its resends)
 * @param outOfOrder        a payment's notification is followed by a stale WAIT_BUYER_PAY one, dated earlier
 * @param delayMs           the first attempt of each notification starts this much later
 * @param dropNotifications nothing is sent at all: only the query or the bill can reveal the result
 * @param queryTimeout      {@code alipay.trade.query} of this trade answers only after {@code query-hang-ms}
 * @param reportAmountFen   when not null, notifications, the query and the bill report this amount (in fen) instead
 *                          of the trade's
 */
public record Behaviour(int duplicates, boolean outOfOrder, long delayMs, boolean dropNotifications,
                        boolean queryTimeout, Long reportAmountFen) {

    public static final Behaviour NONE = new Behaviour(0, false, 0, false, false, null);

    public Behaviour {
        SwitchLimits.checkDuplicates(duplicates);
        SwitchLimits.checkDelay("delay_ms", delayMs);
        if (reportAmountFen != null && reportAmountFen <= 0) {
            throw new IllegalArgumentException("report_amount_fen must be positive");
        }
    }

    long reportedAmount(long realFen) {
        return reportAmountFen == null ? realFen : reportAmountFen;
    }
}
