package dev.tristate.domain.reconciliation;

/** The {@code type} column of a channel statement. */
public enum StatementEntryType {
    PAYMENT,
    REFUND
}
