package dev.tristate.domain.payment;

/** What the transition table says about moving from one state towards another. */
public enum TransitionRule {
    /** The move happens. */
    APPLY,
    /** Already there: nothing changes, the caller answers as for the first time. */
    DUPLICATE,
    /** A lower state arrived late: recorded and ignored. */
    STALE,
    /** The report contradicts what is known (success after close): a person reviews it; nothing changes. */
    ANOMALY,
    /** The command is not allowed from here (refunding an unpaid payment): a definite "no". */
    REJECT
}
