package dev.tristate.simulator.wechat;

import dev.tristate.simulator.kit.SwitchLimits;

/**
 * The misbehaviour switches of one trade ({@code mchid} and {@code out_trade_no}), all off by default. They apply to
 * what happens while they are set.
 *
 * @param duplicates         each notification is delivered this many extra times (same id, same body)
 * @param outOfOrder         the copies of a notification go out in reverse order of their creation, the first copy
 *                           last, and a payment's notification is held back until its trade's next notification (a
 *                           refund's) was sent
 * @param delayMs            each delivery starts this much later
 * @param dropNotifications  no notification is delivered at all (only the query or the bill reveal the result)
 * @param hangQuery          the query by {@code out_trade_no} answers only after {@code hang-ms}
 * @param reportAmount       when not null, notifications, the query and the bill report this amount (fen) instead of
 *                           the real one (the pay page shows the real one)
 * @param refundProcessing   a new refund is {@code PROCESSING} and succeeds after {@code refund-settle-ms}
 * @param refundAbnormal     a new refund ends {@code ABNORMAL} (the payer's account cannot take it): nothing refunded
 */
public record WechatBehaviour(int duplicates, boolean outOfOrder, long delayMs, boolean dropNotifications,
                              boolean hangQuery, Long reportAmount, boolean refundProcessing,
                              boolean refundAbnormal) {

    public static final WechatBehaviour NONE = new WechatBehaviour(0, false, 0, false, false, null, false, false);

    public WechatBehaviour {
        SwitchLimits.checkDuplicates(duplicates);
        SwitchLimits.checkDelay("delay_ms", delayMs);
        if (reportAmount != null && reportAmount < 0) {
            throw new IllegalArgumentException("report_amount must not be negative");
        }
    }

    long reported(long realFen) {
        return reportAmount == null ? realFen : reportAmount;
    }
}
