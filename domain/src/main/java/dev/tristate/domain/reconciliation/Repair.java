package dev.tristate.domain.reconciliation;

/**
 * What fixes one class of discrepancy. Each class has exactly one, named in code and stored with every discrepancy:
 * there is no generic "call it again".
 */
public enum Repair {
    /** Apply the channel's statement line through the payment state machine, like a callback (source RECONCILIATION). */
    APPLY_CHANNEL_RESULT,
    /** Open a review case: a person decides; nothing about the payment changes. */
    HOLD_FOR_REVIEW,
    /** Open (or bring forward) the resolver's case: the active query asks the channel and applies its answer. */
    ASK_CHANNEL,
    /** Grant the missing entitlement again through its keyed task (the entitlement ledger's own repair). */
    REGRANT_ENTITLEMENT,
    /** Ask the channel about the refund (the refund ledger's own repair). */
    QUERY_REFUND
}
