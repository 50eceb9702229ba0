package dev.tristate.adapter.out.channel.stripe;

import dev.tristate.domain.money.Money;
import java.util.Locale;
import java.util.Set;

/**
 * Money in Stripe's words: an integer in the currency's smallest unit and a lower-case ISO code. For almost every
 * currency Stripe's smallest unit is ISO 4217's minor unit (two decimals for USD, none for JPY, three for KWD), so
 * {@link Money#minor()} is the amount as is. The exceptions are refused rather than converted: ISK and UGX, which
 * Stripe keeps two-decimal for backwards compatibility while ISO gives them none (an ISO amount read as Stripe's
 * would be wrong a hundredfold). Stripe also charges the three-decimal currencies only in whole tens.
 */
final class StripeAmounts {

    /** Currencies whose Stripe amounts are not in ISO 4217 minor units. */
    static final Set<String> SPECIAL = Set.of("ISK", "UGX");
    private static final Set<String> THREE_DECIMAL = Set.of("BHD", "JOD", "KWD", "OMR", "TND");

    private StripeAmounts() {
    }

    /** The amount Stripe is asked to charge or refund; refuses what Stripe would read otherwise or not accept. */
    static long toStripe(Money money) {
        String code = money.currencyCode();
        if (SPECIAL.contains(code)) {
            throw new IllegalArgumentException(code + " amounts are not in ISO minor units at Stripe");
        }
        if (THREE_DECIMAL.contains(code) && money.minor() % 10 != 0) {
            throw new IllegalArgumentException("Stripe takes " + code + " amounts in whole tens of the minor unit");
        }
        return money.minor();
    }

    static String currency(Money money) {
        return money.currencyCode().toLowerCase(Locale.ROOT);
    }

    /** Stripe's amount and lower-case currency as money, or an {@link IllegalArgumentException} saying why not. */
    static Money fromStripe(long amount, String currency) {
        if (currency == null || !currency.matches("[a-z]{3}")) {
            throw new IllegalArgumentException("not a lower-case ISO 4217 currency code");
        }
        String code = currency.toUpperCase(Locale.ROOT);
        if (SPECIAL.contains(code)) {
            throw new IllegalArgumentException("a currency whose Stripe minor unit differs from ISO 4217");
        }
        return Money.of(amount, code);
    }
}
