package dev.tristate.simulator.stripe;

import dev.tristate.simulator.kit.SwitchLimits;

/**
 * The misbehaviour switches of one trade (the objects whose {@code metadata.out_trade_no} names it), all off by
 * default. They apply to what happens while they are set.
 *
 * @param duplicates      each webhook event is delivered this many extra times (same event, same id)
 * @param outOfOrder      a {@code payment_intent.payment_failed} event is held back until the next change's events
 *                        were sent; the events of one change go out last first
 * @param delayMs         each delivery starts this much later
 * @param dropWebhooks    no event is delivered at all (only a query or the balance can reveal the result)
 * @param hangRetrieve    retrieving or searching the trade's PaymentIntent answers only after {@code hang-ms}
 * @param reportAmount    when not null, webhooks, retrieve, search and the balance transaction report this amount
 *                        instead of the real one (the pay page shows the real one)
 * @param omitFromBalance a payment or refund leaves no balance transaction (the day's list lacks it)
 * @param refundPending   a new refund is {@code pending} and succeeds after {@code refund-settle-ms}
 * @param refundFail      a new refund is {@code failed} ({@code failure_reason} {@code declined})
 */
public record Behaviour(int duplicates, boolean outOfOrder, long delayMs, boolean dropWebhooks, boolean hangRetrieve,
                        Long reportAmount, boolean omitFromBalance, boolean refundPending, boolean refundFail) {

    public static final Behaviour NONE = new Behaviour(0, false, 0, false, false, null, false, false, false);

    public Behaviour {
        SwitchLimits.checkDuplicates(duplicates);
        SwitchLimits.checkDelay("delay_ms", delayMs);
        if (reportAmount != null && reportAmount < 0) {
            throw new IllegalArgumentException("report_amount must not be negative");
        }
    }

    long reported(long realAmount) {
        return reportAmount == null ? realAmount : reportAmount;
    }
}
