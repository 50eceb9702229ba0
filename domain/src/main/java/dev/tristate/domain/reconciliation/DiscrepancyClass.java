package dev.tristate.domain.reconciliation;

/** The kinds of gap between a channel's statement and our records, each with its repair. */
public enum DiscrepancyClass {
    /** The statement says the channel took the money; our payment is not paid. */
    PAID_AT_CHANNEL_NOT_HERE(Repair.APPLY_CHANNEL_RESULT),
    /** The statement lists a trade for which this tenant has no payment on this channel. */
    CHANNEL_TRADE_UNKNOWN_HERE(Repair.HOLD_FOR_REVIEW),
    /** Our payment is paid, but the statement does not list it as paid. */
    HERE_NOT_AT_CHANNEL(Repair.HOLD_FOR_REVIEW),
    /** The statement's amount or currency differs from our payment's. */
    AMOUNT_OR_CURRENCY_MISMATCH(Repair.HOLD_FOR_REVIEW),
    /** Neither side says paid, but the statement's status differs from our unresolved payment's. */
    STATUS_MISMATCH(Repair.ASK_CHANNEL),
    /** Paid on both sides, but the entitlement it buys was never granted. */
    PAID_BUT_ENTITLEMENT_MISSING(Repair.REGRANT_ENTITLEMENT),
    /** A refund line of the statement disagrees with our refund records. */
    REFUND_MISMATCH(Repair.QUERY_REFUND);

    private final Repair repair;

    DiscrepancyClass(Repair repair) {
        this.repair = repair;
    }

    public Repair repair() {
        return repair;
    }
}
