package dev.tristate.domain.money;

import java.math.BigDecimal;
import java.util.Currency;
import java.util.Objects;

/**
 * An amount in integer minor units of an ISO 4217 currency. Never floating point: the decimal form exists only
 * for display and for channels whose wire format is decimal, and both directions are exact or refuse.
 */
public record Money(long minor, Currency currency) implements Comparable<Money> {

    public Money {
        Objects.requireNonNull(currency, "currency");
        if (minor < 0) {
            throw new IllegalArgumentException("money cannot be negative: " + minor);
        }
        if (currency.getDefaultFractionDigits() < 0) {
            throw new IllegalArgumentException("currency has no minor unit, cannot hold money: " + currency);
        }
    }

    public static Money of(long minor, String currencyCode) {
        return new Money(minor, currency(currencyCode));
    }

    public static Money zero(Currency currency) {
        return new Money(0, currency);
    }

    /** The ISO 4217 currency for an upper-case three-letter code, or IllegalArgumentException. */
    public static Currency currency(String code) {
        if (!isThreeUpperCaseLetters(code)) {
            throw new IllegalArgumentException("currency must be three upper-case letters (ISO 4217): " + code);
        }
        try {
            return Currency.getInstance(code);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown ISO 4217 currency: " + code, e);
        }
    }

    /** [A-Z]{3}, without a regular expression: this runs on every callback, and a pattern match costs more than the loop. */
    private static boolean isThreeUpperCaseLetters(String code) {
        if (code == null || code.length() != 3) {
            return false;
        }
        for (int i = 0; i < 3; i++) {
            char c = code.charAt(i);
            if (c < 'A' || c > 'Z') {
                return false;
            }
        }
        return true;
    }

    /**
     * Parses a channel's plain decimal amount ("19.99") exactly. Significant decimals beyond the currency's minor
     * unit ("19.999" for CNY) are refused; trailing zeros ("19.990") are exact and accepted; exponents are refused.
     */
    public static Money parseDecimal(String decimal, Currency currency) {
        Objects.requireNonNull(decimal, "decimal");
        if (!decimal.trim().matches("\\d+(\\.\\d+)?")) {
            throw new IllegalArgumentException("not a decimal amount (digits and one point): " + decimal);
        }
        BigDecimal value;
        try {
            value = new BigDecimal(decimal.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a decimal amount: " + decimal, e);
        }
        try {
            return new Money(value.movePointRight(currency.getDefaultFractionDigits()).longValueExact(), currency);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("amount " + decimal + " does not fit " + currency + " minor units", e);
        }
    }

    public int scale() {
        return currency.getDefaultFractionDigits();
    }

    public String currencyCode() {
        return currency.getCurrencyCode();
    }

    public String toDecimalString() {
        return BigDecimal.valueOf(minor, scale()).toPlainString();
    }

    public Money plus(Money other) {
        requireSameCurrency(other);
        try {
            return new Money(Math.addExact(minor, other.minor), currency);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("money overflow: " + this + " + " + other, e);
        }
    }

    public Money minus(Money other) {
        requireSameCurrency(other);
        return new Money(minor - other.minor, currency);
    }

    public boolean isZero() {
        return minor == 0;
    }

    public boolean sameCurrencyAs(Money other) {
        return currency.equals(other.currency);
    }

    public boolean exceeds(Money other) {
        requireSameCurrency(other);
        return minor > other.minor;
    }

    @Override
    public int compareTo(Money other) {
        requireSameCurrency(other);
        return Long.compare(minor, other.minor);
    }

    private void requireSameCurrency(Money other) {
        if (!sameCurrencyAs(other)) {
            throw new IllegalArgumentException("currencies differ: " + currency + " and " + other.currency);
        }
    }

    @Override
    public String toString() {
        return toDecimalString() + " " + currencyCode();
    }
}
