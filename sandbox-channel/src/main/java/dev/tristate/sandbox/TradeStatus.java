package dev.tristate.sandbox;

/** The statuses a trade reports, as named in the contract's {@code trade_status}. */
enum TradeStatus {
    PROCESSING,
    SUCCESS,
    FAILED,
    CLOSED;

    /** A buyer can still act on the pay page only while the trade is open. */
    boolean isFinal() {
        return this != PROCESSING;
    }
}
