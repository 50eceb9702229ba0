package dev.tristate.sandbox;

import java.util.Currency;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What the merchant tells the channel about a trade; two registrations of one trade must be equal. The merchant's own
 * order id (the shop's, not the out_trade_no Tristate gives the channel) is shown to the buyer; "" when not given.
 * The return URL is where the pay page links back to the shop, "" when not given; it is kept as sent, and the page
 * alone decides whether it is an address it may link to.
 */
record TradeRegistration(String outTradeNo, String merchantId, long amountMinor, String currency,
                         String description, String merchantOrderId, String returnUrl) {

    static final int MAX_DESCRIPTION = 256;
    static final int MAX_MERCHANT_ORDER_ID = 64;
    static final int MAX_RETURN_URL = 512;
    private static final Pattern CURRENCY_CODE = Pattern.compile("[A-Z]{3}");

    TradeRegistration {
        if (!Tokens.isToken(outTradeNo)) {
            throw new IllegalArgumentException("out_trade_no must be 1-64 letters, digits or _-.: characters");
        }
        if (!Tokens.isToken(merchantId)) {
            throw new IllegalArgumentException("merchant_id must be 1-64 letters, digits or _-.: characters");
        }
        if (amountMinor < 0) {
            throw new IllegalArgumentException("amount_minor must not be negative");
        }
        currencyOf(currency);
        Objects.requireNonNull(description, "description");
        if (description.length() > MAX_DESCRIPTION) {
            throw new IllegalArgumentException("description is longer than " + MAX_DESCRIPTION + " characters");
        }
        Objects.requireNonNull(merchantOrderId, "merchant order id");
        if (merchantOrderId.length() > MAX_MERCHANT_ORDER_ID
                || merchantOrderId.chars().anyMatch(c -> c < 0x20 || c > 0x7e)) {
            throw new IllegalArgumentException("merchant_order_id must be at most " + MAX_MERCHANT_ORDER_ID
                    + " printable ASCII characters");
        }
        Objects.requireNonNull(returnUrl, "return url");
        if (returnUrl.length() > MAX_RETURN_URL || returnUrl.chars().anyMatch(Character::isISOControl)) {
            throw new IllegalArgumentException("return_url must be at most " + MAX_RETURN_URL
                    + " characters without control characters");
        }
    }

    /** The ISO 4217 currency of an upper-case code. */
    static Currency currencyOf(String code) {
        if (code == null || !CURRENCY_CODE.matcher(code).matches()) {
            throw new IllegalArgumentException("currency must be an upper-case ISO 4217 code");
        }
        try {
            return Currency.getInstance(code);
        } catch (IllegalArgumentException unknown) {
            throw new IllegalArgumentException("currency " + code + " is not an ISO 4217 code");
        }
    }
}
