package dev.tristate.simulator.wechat;

/**
 * How one notification went, as a test or a person sees it.
 *
 * @param id          the notification's {@code id} (the same on every copy and re-send)
 * @param eventType   {@code TRANSACTION.SUCCESS}, {@code REFUND.SUCCESS}, {@code REFUND.ABNORMAL}
 * @param outTradeNo  the trade
 * @param outRefundNo the refund, for a refund notification; else null
 * @param state       {@code PENDING} (being sent), {@code DELIVERED} (every copy acknowledged), {@code DROPPED} (the
 *                    switch kept it), {@code HELD} (out of order, waiting for the trade's next notification),
 *                    {@code GAVE_UP} (a copy was never acknowledged within the schedule)
 * @param copies      how many copies were started
 * @param attempts    how many HTTP requests were made for all copies
 * @param acknowledged how many of those were answered 200 or 204
 */
public record WechatNotice(String id, String eventType, String outTradeNo, String outRefundNo, String state,
                           int copies, int attempts, int acknowledged) {
}
