package dev.tristate.sandbox;

/** The {@code type} column of the statement. Refunds are not issued yet; their rows will carry {@code REFUND}. */
enum EntryType {
    PAYMENT,
    REFUND
}
