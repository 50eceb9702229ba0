package dev.tristate.domain.reconciliation;

/** Where a discrepancy's repair stands. */
public enum RepairStatus {
    /** Not applied yet (automatic repair is off, or the run could not apply it). */
    PENDING,
    /** Applied once; applying it again changes nothing. */
    APPLIED,
    /** Tried and failed; an operator may apply it again. */
    FAILED
}
