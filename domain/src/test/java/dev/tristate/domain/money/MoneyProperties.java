package dev.tristate.domain.money;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Currency;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.LongRange;

class MoneyProperties {

    private static final long HALF = Long.MAX_VALUE / 2;

    @Property(tries = 1000)
    void addingIsCommutative(@ForAll("currencies") Currency currency,
                             @ForAll @LongRange(min = 0, max = HALF) long a,
                             @ForAll @LongRange(min = 0, max = HALF) long b) {
        Money x = new Money(a, currency);
        Money y = new Money(b, currency);

        assertThat(x.plus(y)).isEqualTo(y.plus(x));
        assertThat(x.plus(y).minor()).isEqualTo(a + b);
    }

    @Property(tries = 1000)
    void subtractingUndoesAdding(@ForAll("currencies") Currency currency,
                                 @ForAll @LongRange(min = 0, max = HALF) long a,
                                 @ForAll @LongRange(min = 0, max = HALF) long b) {
        Money x = new Money(a, currency);
        Money y = new Money(b, currency);

        assertThat(x.plus(y).minus(y)).isEqualTo(x);
    }

    @Property(tries = 1000)
    void aSumBeyondTheLargestAmountIsRefusedNotWrapped(@ForAll("currencies") Currency currency,
                                                       @ForAll @LongRange(min = 1, max = Long.MAX_VALUE) long a) {
        Money x = new Money(a, currency);
        Money rest = new Money(Long.MAX_VALUE - a + 1, currency);

        assertThatThrownBy(() -> x.plus(rest)).isInstanceOf(IllegalArgumentException.class);
    }

    @Property(tries = 1000)
    void theDecimalFormParsesBackToTheSameMoney(@ForAll("currencies") Currency currency,
                                                @ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long minor) {
        Money money = new Money(minor, currency);

        assertThat(Money.parseDecimal(money.toDecimalString(), currency)).isEqualTo(money);
    }

    @Property(tries = 1000)
    void comparingFollowsTheMinorUnits(@ForAll("currencies") Currency currency,
                                       @ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long a,
                                       @ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long b) {
        Money x = new Money(a, currency);
        Money y = new Money(b, currency);

        assertThat(Integer.signum(x.compareTo(y))).isEqualTo(Long.signum(Long.compare(a, b)));
        assertThat(x.exceeds(y)).isEqualTo(a > b);
    }

    @Provide
    Arbitrary<Currency> currencies() {
        return Arbitraries.of("JPY", "KRW", "CNY", "USD", "EUR", "BHD", "KWD").map(Currency::getInstance);
    }
}
