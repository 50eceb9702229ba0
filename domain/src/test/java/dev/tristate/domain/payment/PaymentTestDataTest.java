package dev.tristate.domain.payment;

import static dev.tristate.domain.payment.PaymentTestData.aPendingPayment;
import static dev.tristate.domain.payment.PaymentTestData.aReport;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.TransitionOutcome.Applied;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The shared builder is public API of the test-jar: what it promises is tested like production code. */
class PaymentTestDataTest {

    @Test
    void aDefaultPendingPaymentIsUnpaidAndUnbound() {
        Payment payment = aPendingPayment().build();

        assertThat(payment.status()).isEqualTo(PaymentStatus.PENDING);
        assertThat(payment.amount()).isEqualTo(PaymentTestData.DEFAULT_AMOUNT);
        assertThat(payment.channelTxnId()).isNull();
        assertThat(payment.paidAt()).isNull();
        assertThat(payment.refunded()).isEqualTo(Money.of(0, "CNY"));
        assertThat(payment.version()).isEqualTo(Version.INITIAL);
        assertThat(payment.createdAt()).isEqualTo(PaymentTestData.BASE_TIME);
    }

    @Test
    void theFluentSettersReachThePayment() {
        Payment payment = aPendingPayment()
                .withId("pay_other")
                .withTenant("tenant-b")
                .withAmount(1999, "JPY")
                .withChannelTxnId("txn-other")
                .build();

        assertThat(payment.id()).isEqualTo(new PaymentId("pay_other"));
        assertThat(payment.tenantId().value()).isEqualTo("tenant-b");
        assertThat(payment.amount()).isEqualTo(Money.of(1999, "JPY"));
        assertThat(payment.channelTxnId()).isEqualTo(new ChannelTxnId("txn-other"));
    }

    @ParameterizedTest
    @EnumSource(value = PaymentStatus.class, names = {"SUCCEEDED", "PARTIALLY_REFUNDED", "REFUNDED"})
    void aPaidStatusComesWithAChannelTransactionIdAndAPaidTime(PaymentStatus paid) {
        Payment payment = aPendingPayment().withStatus(paid).build();

        assertThat(payment.status()).isEqualTo(paid);
        assertThat(payment.channelTxnId()).isEqualTo(PaymentTestData.DEFAULT_CHANNEL_TXN_ID);
        assertThat(payment.paidAt()).isEqualTo(PaymentTestData.DEFAULT_REPORT_TIME);
    }

    @Test
    void aPartiallyRefundedPaymentHasSomeButNotAllRefunded() {
        assertThat(aPendingPayment().withStatus(PaymentStatus.PARTIALLY_REFUNDED).build().refunded())
                .isEqualTo(Money.of(5_000, "CNY"));
        assertThat(aPendingPayment().withStatus(PaymentStatus.PARTIALLY_REFUNDED).withRefunded(1).build().refunded())
                .isEqualTo(Money.of(1, "CNY"));
    }

    @Test
    void aRefundedPaymentHasItsWholeAmountRefunded() {
        Payment payment = aPendingPayment().withAmount(700, "USD").withStatus(PaymentStatus.REFUNDED).build();

        assertThat(payment.refunded()).isEqualTo(Money.of(700, "USD"));
    }

    @Test
    void anInconsistentCombinationIsRefusedAtBuild() {
        assertThatThrownBy(() -> aPendingPayment().withRefunded(1).build())
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> aPendingPayment().withStatus(PaymentStatus.PARTIALLY_REFUNDED)
                .withRefunded(10_000).build())
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> aPendingPayment().withStatus(PaymentStatus.REFUNDED).withRefunded(1).build())
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> aPendingPayment().withStatus(PaymentStatus.FAILED)
                .withPaidAt(PaymentTestData.at(5)).build())
                .isInstanceOf(IllegalStateException.class);
    }

    @ParameterizedTest
    @EnumSource(ChannelTradeStatus.class)
    void theDefaultReportDescribesTheDefaultPaymentsTrade(ChannelTradeStatus status) {
        TransitionOutcome outcome = aPendingPayment().build().apply(aReport(status), PaymentTestData.at(61));

        assertThat(outcome).isInstanceOf(Applied.class);
        assertThat(((Applied) outcome).after().status()).isEqualTo(status.target());
    }

    @Test
    void timesAreOffsetsFromTheFixedBase() {
        assertThat(PaymentTestData.at(90)).isEqualTo(Instant.parse("2025-01-01T00:01:30Z"));
        assertThat(PaymentTestData.at(Duration.ofHours(1)))
                .isEqualTo(Instant.parse("2025-01-01T01:00:00Z"));
    }
}
