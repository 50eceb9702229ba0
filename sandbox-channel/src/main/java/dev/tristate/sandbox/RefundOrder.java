package dev.tristate.sandbox;

/**
 * What the merchant asks of the channel for one refund. {@code outRefundNo} is the merchant's id of the refund; asking
 * again under it with the same amount and currency is the same refund.
 */
record RefundOrder(String outRefundNo, long amountMinor, String currency, String reason) {

    static final int MAX_REASON = 256;

    RefundOrder {
        if (!Tokens.isToken(outRefundNo)) {
            throw new IllegalArgumentException("out_refund_no must be 1-64 letters, digits or _-.: characters");
        }
        if (amountMinor <= 0) {
            throw new IllegalArgumentException("amount_minor must be positive");
        }
        TradeRegistration.currencyOf(currency);
        if (reason == null) {
            reason = "";
        }
        if (reason.length() > MAX_REASON) {
            throw new IllegalArgumentException("reason is longer than " + MAX_REASON + " characters");
        }
    }

    /** Whether {@code other} asks for the same money as this order (the reason may differ). */
    boolean sameMoney(RefundOrder other) {
        return amountMinor == other.amountMinor && currency.equals(other.currency);
    }
}
