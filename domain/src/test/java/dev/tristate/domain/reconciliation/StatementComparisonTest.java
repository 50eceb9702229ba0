package dev.tristate.domain.reconciliation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.ChannelTxnId;
import dev.tristate.domain.payment.MerchantOrderId;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.payment.Version;
import dev.tristate.domain.reconciliation.StatementComparison.Finding;
import dev.tristate.domain.tenant.TenantId;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The comparison rules, one line against one payment, and the holding pool's decision. */
class StatementComparisonTest {

    private static final LocalDate DAY = LocalDate.of(2031, 5, 14);
    private static final Instant NOON = Instant.parse("2031-05-14T12:00:00Z");
    private static final Duration WINDOW = Duration.ofMinutes(15);

    private static Payment payment(PaymentStatus status, long amount, Instant paidAt) {
        return Payment.reconstitute(new PaymentId("pay_1"), new TenantId("shop"), new MerchantOrderId("o-1"),
                Money.of(amount, "CNY"), "sandbox", "u-1", "sku-1", "", status,
                status.isPaid() ? new ChannelTxnId("T-1") : null, Money.zero(Money.currency("CNY")),
                NOON.minusSeconds(3600), NOON, paidAt, Version.INITIAL);
    }

    private static StatementLine line(String status, long amount, Instant at) {
        return new StatementLine(2, "T-1", "pay_1", StatementEntryType.PAYMENT, status, Money.of(amount, "CNY"), at);
    }

    private static List<Finding> compare(StatementLine line, Payment payment) {
        return StatementComparison.compare(DAY, WINDOW, "sandbox", List.of(line),
                payment == null ? Map.of() : Map.of("pay_1", payment), List.of()).findings();
    }

    @ParameterizedTest(name = "line {0} / payment {1} -> {2}")
    @CsvSource({
            "SUCCESS, PENDING, PAID_AT_CHANNEL_NOT_HERE",
            "SUCCESS, UNKNOWN, PAID_AT_CHANNEL_NOT_HERE",
            "SUCCESS, CLOSED, PAID_AT_CHANNEL_NOT_HERE",
            "SUCCESS, SUCCEEDED, ",
            "FAILED, SUCCEEDED, HERE_NOT_AT_CHANNEL",
            "PROCESSING, SUCCEEDED, HERE_NOT_AT_CHANNEL",
            "FAILED, PENDING, STATUS_MISMATCH",
            "CLOSED, PROCESSING, STATUS_MISMATCH",
            "PROCESSING, PROCESSING, ",
            "FAILED, CLOSED, ",
            "CLOSED, FAILED, "})
    void eachLineAgainstItsPaymentFallsInOneClassOrMatches(String said, PaymentStatus ours, DiscrepancyClass kind) {
        Payment p = payment(ours, 1999, ours.isPaid() ? NOON : null);

        List<Finding> findings = compare(line(said, 1999, NOON), p);

        if (kind == null) {
            assertThat(findings).isEmpty();
        } else {
            assertThat(findings).singleElement().satisfies(f -> {
                assertThat(f.kind()).isEqualTo(kind);
                assertThat(f.timingSuspect()).isFalse();
            });
        }
    }

    @Test
    void anAmountDifferenceIsReportedAsSuchWhateverTheStatus() {
        assertThat(compare(line("SUCCESS", 1000, NOON), payment(PaymentStatus.PENDING, 1999, null)))
                .singleElement().extracting(Finding::kind).isEqualTo(DiscrepancyClass.AMOUNT_OR_CURRENCY_MISMATCH);
    }

    @Test
    void aTradeWithoutAPaymentOfOursIsUnknownHere() {
        assertThat(compare(line("SUCCESS", 1999, NOON), null)).singleElement().extracting(Finding::kind)
                .isEqualTo(DiscrepancyClass.CHANNEL_TRADE_UNKNOWN_HERE);
    }

    @Test
    void gapsWithinTheWindowBeforeTheDaysEndAreOnlySuspectedTiming() {
        Instant nearEnd = Instant.parse("2031-05-14T23:50:00Z");
        Instant justOutside = Instant.parse("2031-05-14T23:44:59Z");

        assertThat(compare(line("SUCCESS", 1999, nearEnd), payment(PaymentStatus.PENDING, 1999, null)))
                .singleElement().extracting(Finding::timingSuspect).isEqualTo(true);
        List<Finding> paidHere = StatementComparison.compare(DAY, WINDOW, "sandbox", List.of(), Map.of(),
                List.of(payment(PaymentStatus.SUCCEEDED, 1999, nearEnd))).findings();
        assertThat(paidHere).singleElement().satisfies(f -> {
            assertThat(f.kind()).isEqualTo(DiscrepancyClass.HERE_NOT_AT_CHANNEL);
            assertThat(f.timingSuspect()).isTrue();
        });
        assertThat(StatementComparison.compare(DAY, WINDOW, "sandbox", List.of(), Map.of(),
                List.of(payment(PaymentStatus.SUCCEEDED, 1999, justOutside))).findings())
                .singleElement().extracting(Finding::timingSuspect).isEqualTo(false);
    }

    @Test
    void aHeldItemIsReleasedOnlyWhenItsOtherHalfTurnedUp() {
        Payment paid = payment(PaymentStatus.SUCCEEDED, 1999, NOON);
        StatementLine nextDayLine = line("SUCCESS", 1999, NOON.plus(Duration.ofDays(1)));

        assertThat(StatementComparison.stillUnmatched(DiscrepancyClass.HERE_NOT_AT_CHANNEL, DAY, paid,
                Optional.of(nextDayLine))).isEmpty();
        assertThat(StatementComparison.stillUnmatched(DiscrepancyClass.HERE_NOT_AT_CHANNEL, DAY, paid,
                Optional.empty())).hasValueSatisfying(why -> assertThat(why).contains("held since 2031-05-14"));
        assertThat(StatementComparison.stillUnmatched(DiscrepancyClass.PAID_AT_CHANNEL_NOT_HERE, DAY, paid,
                Optional.empty())).isEmpty();
        assertThat(StatementComparison.stillUnmatched(DiscrepancyClass.PAID_AT_CHANNEL_NOT_HERE, DAY,
                payment(PaymentStatus.PENDING, 1999, null), Optional.empty())).isPresent();
    }
}
