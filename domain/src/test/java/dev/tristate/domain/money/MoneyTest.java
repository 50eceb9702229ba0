package dev.tristate.domain.money;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Currency;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class MoneyTest {

    private static final Currency CNY = Currency.getInstance("CNY");
    private static final Currency JPY = Currency.getInstance("JPY");
    private static final Currency BHD = Currency.getInstance("BHD");

    @Test
    void negativeMoneyIsRefused() {
        assertThatThrownBy(() -> Money.of(-1, "CNY"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("negative");
    }

    @Test
    void zeroIsMoney() {
        assertThat(Money.of(0, "CNY").isZero()).isTrue();
        assertThat(Money.zero(CNY)).isEqualTo(Money.of(0, "CNY"));
        assertThat(Money.of(1, "CNY").isZero()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"ABC", "QQQ"})
    void anUnknownCurrencyIsRefused(String code) {
        assertThatThrownBy(() -> Money.of(100, code))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown");
    }

    @ParameterizedTest
    @ValueSource(strings = {"cny", "Cny", "CN", "CNYY", " CNY", "", "C1Y", "@NY", "CN[", "ＣＮＹ", "ÄNY"})
    void aCurrencyCodeThatIsNotThreeUpperCaseLettersIsRefused(String code) {
        assertThatThrownBy(() -> Money.of(100, code))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("three upper-case letters");
    }

    @Test
    void aMissingCurrencyIsRefused() {
        assertThatThrownBy(() -> Money.of(100, null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Money(100, null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void aCurrencyWithoutMinorUnitCannotHoldMoney() {
        // XAU (gold) is an ISO 4217 code without a fraction digit count.
        assertThatThrownBy(() -> Money.of(1, "XAU"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no minor unit");
    }

    @ParameterizedTest
    @CsvSource({"JPY, 0", "CNY, 2", "USD, 2", "BHD, 3"})
    void theScaleIsTheCurrencysMinorUnit(String code, int scale) {
        assertThat(Money.of(1, code).scale()).isEqualTo(scale);
    }

    @ParameterizedTest
    @CsvSource({
            "19.99, CNY, 1999",
            "0.01, CNY, 1",
            "19.9, CNY, 1990",
            "20, CNY, 2000",
            "1500, JPY, 1500",
            "1.234, BHD, 1234",
            "0, CNY, 0",
            "92233720368547758.07, CNY, 9223372036854775807"})
    void aDecimalAmountParsesExactly(String decimal, String code, long minor) {
        assertThat(Money.parseDecimal(decimal, Currency.getInstance(code))).isEqualTo(Money.of(minor, code));
    }

    @Test
    void moreDecimalsThanTheCurrencyHasAreRefused() {
        assertThatThrownBy(() -> Money.parseDecimal("19.999", CNY))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("does not fit");
        assertThatThrownBy(() -> Money.parseDecimal("1.5", JPY))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("does not fit");
        assertThatThrownBy(() -> Money.parseDecimal("0.0001", BHD))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "abc", "19,99", "1.2.3", "NaN"})
    void somethingThatIsNotADecimalIsRefused(String decimal) {
        assertThatThrownBy(() -> Money.parseDecimal(decimal, CNY))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a decimal");
    }

    @Test
    void aNegativeOrTooLargeDecimalIsRefused() {
        assertThatThrownBy(() -> Money.parseDecimal("-0.01", CNY)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Money.parseDecimal("92233720368547758.08", CNY))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("does not fit");
    }

    @ParameterizedTest
    @CsvSource({"1999, CNY, 19.99", "5, CNY, 0.05", "1500, JPY, 1500", "1, BHD, 0.001", "0, CNY, 0.00"})
    void theDecimalFormHasExactlyTheCurrencysDigits(long minor, String code, String decimal) {
        assertThat(Money.of(minor, code).toDecimalString()).isEqualTo(decimal);
    }

    @Test
    void toStringShowsAmountAndCurrency() {
        assertThat(Money.of(1999, "CNY")).hasToString("19.99 CNY");
    }

    @Test
    void addingAndSubtractingStayInMinorUnits() {
        assertThat(Money.of(1999, "CNY").plus(Money.of(1, "CNY"))).isEqualTo(Money.of(2000, "CNY"));
        assertThat(Money.of(2000, "CNY").minus(Money.of(1, "CNY"))).isEqualTo(Money.of(1999, "CNY"));
    }

    @Test
    void anOverflowingSumIsRefused() {
        Money max = Money.of(Long.MAX_VALUE, "CNY");

        assertThatThrownBy(() -> max.plus(Money.of(1, "CNY")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("overflow");
    }

    @Test
    void subtractingMoreThanThereIsIsRefused() {
        assertThatThrownBy(() -> Money.of(1, "CNY").minus(Money.of(2, "CNY")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void arithmeticAndComparisonAcrossCurrenciesIsRefused() {
        Money yuan = Money.of(100, "CNY");
        Money dollars = Money.of(100, "USD");

        assertThat(yuan.sameCurrencyAs(dollars)).isFalse();
        assertThatThrownBy(() -> yuan.plus(dollars)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> yuan.minus(dollars)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> yuan.exceeds(dollars)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> yuan.compareTo(dollars)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void exceedsIsStrictlyGreater() {
        assertThat(Money.of(101, "CNY").exceeds(Money.of(100, "CNY"))).isTrue();
        assertThat(Money.of(100, "CNY").exceeds(Money.of(100, "CNY"))).isFalse();
        assertThat(Money.of(99, "CNY").exceeds(Money.of(100, "CNY"))).isFalse();
    }

    @Test
    void theSameDigitsInAnotherCurrencyAreAnotherAmount() {
        assertThat(Money.of(100, "CNY")).isNotEqualTo(Money.of(100, "USD"));
    }
}
