package dev.tristate.simulator.alipay;

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
    static final int MAX_DUPLICATES = 100;
    static final long MAX_DELAY_MS = 600_000;

    public Behaviour {
        if (duplicates < 0 || duplicates > MAX_DUPLICATES) {
            throw new IllegalArgumentException("duplicates must be between 0 and " + MAX_DUPLICATES);
        }
        if (delayMs < 0 || delayMs > MAX_DELAY_MS) {
            throw new IllegalArgumentException("delay_ms must be between 0 and " + MAX_DELAY_MS);
        }
        if (reportAmountFen != null && reportAmountFen <= 0) {
            throw new IllegalArgumentException("report_amount_fen must be positive");
        }
    }

    long reportedAmount(long realFen) {
        return reportAmountFen == null ? realFen : reportAmountFen;
    }
}
