package dev.tristate.domain.payment;

import static dev.tristate.domain.payment.PaymentTestData.DEFAULT_AMOUNT;
import static dev.tristate.domain.payment.PaymentTestData.DEFAULT_CHANNEL_TXN_ID;
import static dev.tristate.domain.payment.PaymentTestData.DEFAULT_REPORT_TIME;
import static dev.tristate.domain.payment.PaymentTestData.aPendingPayment;
import static dev.tristate.domain.payment.PaymentTestData.aReport;
import static dev.tristate.domain.payment.PaymentTestData.at;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.domain.event.EventId;
import dev.tristate.domain.event.EventType;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.PaymentEvent.PaymentClosed;
import dev.tristate.domain.payment.PaymentEvent.PaymentFailed;
import dev.tristate.domain.payment.PaymentEvent.PaymentSucceeded;
import dev.tristate.domain.payment.PaymentEvent.RefundSucceeded;
import dev.tristate.domain.payment.TransitionOutcome.Anomaly;
import dev.tristate.domain.payment.TransitionOutcome.AnomalyReason;
import dev.tristate.domain.payment.TransitionOutcome.Applied;
import dev.tristate.domain.payment.TransitionOutcome.Rejected;
import dev.tristate.domain.payment.TransitionOutcome.RejectionReason;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class PaymentTest {

    private static final Instant NOW = at(300);
    private static final Instant LATER = at(900);

    private static Applied applied(TransitionOutcome outcome) {
        assertThat(outcome).isInstanceOf(Applied.class);
        return (Applied) outcome;
    }

    private static Money cny(long minor) {
        return Money.of(minor, "CNY");
    }

    @Nested
    class Initiating {

        @Test
        void aNewPaymentIsPendingUnboundAndAtTheInitialVersion() {
            Payment payment = Payment.initiate(new PaymentId("pay_1"), new TenantId("tenant-a"),
                    new MerchantOrderId("order-1"), cny(1999), "sandbox", "user-1", "sku-1", null, NOW);

            assertThat(payment.status()).isEqualTo(PaymentStatus.PENDING);
            assertThat(payment.refunded()).isEqualTo(cny(0));
            assertThat(payment.channelTxnId()).isNull();
            assertThat(payment.paidAt()).isNull();
            assertThat(payment.description()).isEmpty();
            assertThat(payment.version()).isEqualTo(Version.INITIAL);
            assertThat(payment.createdAt()).isEqualTo(NOW);
            assertThat(payment.updatedAt()).isEqualTo(NOW);
        }

        @Test
        void aZeroAmountIsRefused() {
            assertThatThrownBy(() -> aPendingPayment().withAmount(0, "CNY").build())
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("positive");
        }

        @Test
        void aPaidPaymentWithoutChannelTransactionIdIsRefused() {
            assertThatThrownBy(() -> Payment.reconstitute(new PaymentId("pay_1"), new TenantId("tenant-a"),
                    new MerchantOrderId("order-1"), cny(100), "sandbox", "user-1", "sku-1", "",
                    PaymentStatus.SUCCEEDED, null, cny(0), NOW, NOW, NOW, Version.INITIAL))
                    .isInstanceOf(IllegalArgumentException.class);
        }

        @Test
        void aRefundedTotalAboveTheAmountOrInAnotherCurrencyIsRefused() {
            assertThatThrownBy(() -> Payment.reconstitute(new PaymentId("pay_1"), new TenantId("tenant-a"),
                    new MerchantOrderId("order-1"), cny(100), "sandbox", "user-1", "sku-1", "",
                    PaymentStatus.PARTIALLY_REFUNDED, DEFAULT_CHANNEL_TXN_ID, cny(101), NOW, NOW, NOW,
                    Version.INITIAL))
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> Payment.reconstitute(new PaymentId("pay_1"), new TenantId("tenant-a"),
                    new MerchantOrderId("order-1"), cny(100), "sandbox", "user-1", "sku-1", "",
                    PaymentStatus.PARTIALLY_REFUNDED, DEFAULT_CHANNEL_TXN_ID, Money.of(1, "USD"), NOW, NOW, NOW,
                    Version.INITIAL))
                    .isInstanceOf(IllegalArgumentException.class);
        }

        @Test
        void aBlankOrTooLongChannelUserOrSkuIsRefused() {
            assertThatThrownBy(() -> aPendingPayment().withChannel(" ").build())
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> aPendingPayment().withUserId("u".repeat(65)).build())
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> aPendingPayment().withSku("s".repeat(129)).build())
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> aPendingPayment().withDescription("d".repeat(257)).build())
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Nested
    class Events {

        @Test
        void givenPendingPayment_success_bindsTheTradeAndRaisesPaymentSucceeded() {
            Payment payment = aPendingPayment().build();

            Applied applied = applied(payment.apply(aReport(ChannelTradeStatus.SUCCESS), NOW));

            Payment after = applied.after();
            assertThat(after.status()).isEqualTo(PaymentStatus.SUCCEEDED);
            assertThat(after.channelTxnId()).isEqualTo(DEFAULT_CHANNEL_TXN_ID);
            assertThat(after.paidAt()).isEqualTo(DEFAULT_REPORT_TIME);
            assertThat(after.updatedAt()).isEqualTo(NOW);
            assertThat(after.createdAt()).isEqualTo(payment.createdAt());
            assertThat(applied.events()).singleElement().isInstanceOfSatisfying(PaymentSucceeded.class, event -> {
                assertThat(event.type()).isEqualTo(EventType.PaymentSucceeded);
                assertThat(event.paymentId()).isEqualTo(payment.id());
                assertThat(event.tenantId()).isEqualTo(payment.tenantId());
                assertThat(event.merchantOrderId()).isEqualTo(payment.merchantOrderId());
                assertThat(event.amount()).isEqualTo(DEFAULT_AMOUNT);
                assertThat(event.channelTxnId()).isEqualTo(DEFAULT_CHANNEL_TXN_ID);
                assertThat(event.userId()).isEqualTo(payment.userId());
                assertThat(event.sku()).isEqualTo(payment.sku());
                assertThat(event.occurredAt()).isEqualTo(NOW);
            });
        }

        @Test
        void theSuccessEventIdIsTheSameWhenTheTransitionIsRetried() {
            Payment payment = aPendingPayment().build();

            PaymentEvent first = applied(payment.apply(aReport(ChannelTradeStatus.SUCCESS), NOW)).events().get(0);
            PaymentEvent retried = applied(payment.apply(aReport(ChannelTradeStatus.SUCCESS), LATER)).events().get(0);

            assertThat(retried.eventId()).isEqualTo(first.eventId());
        }

        @Test
        void theSuccessEventIdDiffersBetweenPayments() {
            PaymentEvent one = applied(aPendingPayment().withId("pay_one").build()
                    .apply(aReport(ChannelTradeStatus.SUCCESS), NOW)).events().get(0);
            PaymentEvent other = applied(aPendingPayment().withId("pay_other").build()
                    .apply(aReport(ChannelTradeStatus.SUCCESS), NOW)).events().get(0);

            assertThat(one.eventId()).isNotEqualTo(other.eventId());
        }

        @Test
        void givenPendingPayment_failed_raisesPaymentFailed() {
            Applied applied = applied(aPendingPayment().build().apply(aReport(ChannelTradeStatus.FAILED), NOW));

            assertThat(applied.after().status()).isEqualTo(PaymentStatus.FAILED);
            assertThat(applied.events()).singleElement().isInstanceOfSatisfying(PaymentFailed.class, event -> {
                assertThat(event.type()).isEqualTo(EventType.PaymentFailed);
                assertThat(event.eventId()).isEqualTo(
                        EventId.derive(PaymentTestData.DEFAULT_PAYMENT_ID.value(), EventType.PaymentFailed, null));
            });
        }

        @Test
        void givenFailedPayment_closed_raisesPaymentClosed() {
            Payment failed = aPendingPayment().withStatus(PaymentStatus.FAILED).build();

            Applied applied = applied(failed.apply(aReport(ChannelTradeStatus.CLOSED), NOW));

            assertThat(applied.after().status()).isEqualTo(PaymentStatus.CLOSED);
            assertThat(applied.events()).singleElement().isInstanceOfSatisfying(PaymentClosed.class,
                    event -> assertThat(event.type()).isEqualTo(EventType.PaymentClosed));
        }

        @Test
        void aProcessingReportMovesThePaymentWithoutAnEvent() {
            Applied applied = applied(aPendingPayment().build().apply(aReport(ChannelTradeStatus.PROCESSING), NOW));

            assertThat(applied.after().status()).isEqualTo(PaymentStatus.PROCESSING);
            assertThat(applied.events()).isEmpty();
        }

        @Test
        void markingUnknownMovesThePaymentWithoutAnEvent() {
            Applied applied = applied(aPendingPayment().withStatus(PaymentStatus.PROCESSING).build().markUnknown(NOW));

            assertThat(applied.after().status()).isEqualTo(PaymentStatus.UNKNOWN);
            assertThat(applied.events()).isEmpty();
        }

        @Test
        void theFourEventTypesHaveFourDifferentIdsForOnePayment() {
            Payment pending = aPendingPayment().build();
            EventId succeeded = applied(pending.apply(aReport(ChannelTradeStatus.SUCCESS), NOW)).events().get(0).eventId();
            EventId failed = applied(pending.apply(aReport(ChannelTradeStatus.FAILED), NOW)).events().get(0).eventId();
            EventId closed = applied(pending.apply(aReport(ChannelTradeStatus.CLOSED), NOW)).events().get(0).eventId();
            EventId refunded = applied(aPendingPayment().withStatus(PaymentStatus.SUCCEEDED).build()
                    .applyRefund(new RefundId("rf-1"), cny(1), NOW)).events().get(0).eventId();

            assertThat(Set.of(succeeded, failed, closed, refunded)).hasSize(4);
        }
    }

    @Nested
    class ConsistencyChecks {

        private final Payment pending = aPendingPayment().build();

        @ParameterizedTest
        @EnumSource(ChannelTradeStatus.class)
        void aReportForAnotherAmountIsAnAnomaly(ChannelTradeStatus status) {
            ChannelReport report = new ChannelReport(status, cny(9_999), DEFAULT_CHANNEL_TXN_ID, NOW);

            TransitionOutcome outcome = pending.apply(report, NOW);

            assertThat(outcome).isInstanceOfSatisfying(Anomaly.class,
                    anomaly -> assertThat(anomaly.reason()).isEqualTo(AnomalyReason.AMOUNT_MISMATCH));
            assertThat(pending.status()).isEqualTo(PaymentStatus.PENDING);
            assertThat(pending.channelTxnId()).isNull();
        }

        @ParameterizedTest
        @EnumSource(ChannelTradeStatus.class)
        void aReportInAnotherCurrencyIsAnAnomalyEvenForTheSameDigits(ChannelTradeStatus status) {
            ChannelReport report = new ChannelReport(status, Money.of(10_000, "USD"), DEFAULT_CHANNEL_TXN_ID, NOW);

            TransitionOutcome outcome = pending.apply(report, NOW);

            assertThat(outcome).isInstanceOfSatisfying(Anomaly.class,
                    anomaly -> assertThat(anomaly.reason()).isEqualTo(AnomalyReason.CURRENCY_MISMATCH));
            assertThat(pending.status()).isEqualTo(PaymentStatus.PENDING);
        }

        @ParameterizedTest
        @EnumSource(ChannelTradeStatus.class)
        void givenPaymentBoundToATrade_aReportForAnotherTrade_isAnAnomaly(ChannelTradeStatus status) {
            Payment bound = aPendingPayment().withStatus(PaymentStatus.PROCESSING).withChannelTxnId("txn-A").build();
            ChannelReport report = new ChannelReport(status, DEFAULT_AMOUNT, new ChannelTxnId("txn-B"), NOW);

            TransitionOutcome outcome = bound.apply(report, NOW);

            assertThat(outcome).isInstanceOfSatisfying(Anomaly.class,
                    anomaly -> assertThat(anomaly.reason()).isEqualTo(AnomalyReason.TRADE_NO_MISMATCH));
            assertThat(bound.status()).isEqualTo(PaymentStatus.PROCESSING);
            assertThat(bound.channelTxnId()).isEqualTo(new ChannelTxnId("txn-A"));
        }

        @Test
        void aSucceededPaymentStaysSucceededWhenAMismatchedFailureArrives() {
            Payment paid = aPendingPayment().withStatus(PaymentStatus.SUCCEEDED).build();
            ChannelReport report = new ChannelReport(ChannelTradeStatus.FAILED, cny(1), DEFAULT_CHANNEL_TXN_ID, NOW);

            assertThat(paid.apply(report, NOW)).isInstanceOf(Anomaly.class);
            assertThat(paid.status()).isEqualTo(PaymentStatus.SUCCEEDED);
        }

        @Test
        void aReportWithoutTradeNumberIsAcceptedForABoundPayment() {
            Payment bound = aPendingPayment().withStatus(PaymentStatus.PROCESSING).withChannelTxnId("txn-A").build();
            ChannelReport report = new ChannelReport(ChannelTradeStatus.FAILED, DEFAULT_AMOUNT, null, NOW);

            Applied applied = applied(bound.apply(report, NOW));

            assertThat(applied.after().channelTxnId()).isEqualTo(new ChannelTxnId("txn-A"));
        }

        @Test
        void aSuccessOnAClosedPaymentIsHeldForReview() {
            Payment closed = aPendingPayment().withStatus(PaymentStatus.CLOSED).build();

            TransitionOutcome outcome = closed.apply(aReport(ChannelTradeStatus.SUCCESS), NOW);

            assertThat(outcome).isInstanceOfSatisfying(Anomaly.class, anomaly -> {
                assertThat(anomaly.reason()).isEqualTo(AnomalyReason.SUCCESS_AFTER_CLOSE);
                assertThat(anomaly.detail()).contains(DEFAULT_CHANNEL_TXN_ID.value());
            });
        }

        @Test
        void aSuccessReportMustCarryTheChannelTransactionId() {
            assertThatThrownBy(() -> new ChannelReport(ChannelTradeStatus.SUCCESS, DEFAULT_AMOUNT, null, NOW))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Nested
    class Refunds {

        private final Payment paid = aPendingPayment().withStatus(PaymentStatus.SUCCEEDED).build();

        @Test
        void givenPaidPayment_partialThenFullRefund_endsRefundedWithOneEventEach() {
            Applied partial = applied(paid.applyRefund(new RefundId("rf-1"), cny(3_000), NOW));
            Applied full = applied(partial.after().applyRefund(new RefundId("rf-2"), cny(7_000), LATER));

            assertThat(partial.after().status()).isEqualTo(PaymentStatus.PARTIALLY_REFUNDED);
            assertThat(partial.after().refunded()).isEqualTo(cny(3_000));
            assertThat(partial.events()).singleElement().isInstanceOfSatisfying(RefundSucceeded.class, event -> {
                assertThat(event.refundId()).isEqualTo(new RefundId("rf-1"));
                assertThat(event.refunded()).isEqualTo(cny(3_000));
                assertThat(event.refundedTotal()).isEqualTo(cny(3_000));
                assertThat(event.fullyRefunded()).isFalse();
                assertThat(event.eventId()).isEqualTo(EventId.derive(paid.id().value(), EventType.RefundSucceeded, "rf-1"));
            });
            assertThat(full.after().status()).isEqualTo(PaymentStatus.REFUNDED);
            assertThat(full.after().refunded()).isEqualTo(DEFAULT_AMOUNT);
            assertThat(full.after().paidAt()).isEqualTo(paid.paidAt());
            assertThat(full.after().channelTxnId()).isEqualTo(paid.channelTxnId());
            assertThat(full.events()).singleElement().isInstanceOfSatisfying(RefundSucceeded.class, event -> {
                assertThat(event.refundedTotal()).isEqualTo(DEFAULT_AMOUNT);
                assertThat(event.fullyRefunded()).isTrue();
                assertThat(event.eventId()).isNotEqualTo(partial.events().get(0).eventId());
            });
        }

        @Test
        void aRefundOfTheWholeAmountAtOnceEndsRefunded() {
            assertThat(applied(paid.applyRefund(new RefundId("rf-1"), DEFAULT_AMOUNT, NOW)).after().status())
                    .isEqualTo(PaymentStatus.REFUNDED);
        }

        @Test
        void aRefundBeyondTheCapturedAmountIsRejectedAndChangesNothing() {
            Payment partly = aPendingPayment().withStatus(PaymentStatus.PARTIALLY_REFUNDED).withRefunded(6_000).build();

            TransitionOutcome outcome = partly.applyRefund(new RefundId("rf-2"), cny(4_001), NOW);

            assertThat(outcome).isInstanceOfSatisfying(Rejected.class,
                    rejected -> assertThat(rejected.reason()).isEqualTo(RejectionReason.REFUND_EXCEEDS_CAPTURED));
            assertThat(partly.refunded()).isEqualTo(cny(6_000));
        }

        @Test
        void aRefundOfAFullyRefundedPaymentIsRejected() {
            Payment refunded = aPendingPayment().withStatus(PaymentStatus.REFUNDED).build();

            assertThat(refunded.applyRefund(new RefundId("rf-9"), cny(1), NOW)).isInstanceOf(Rejected.class);
        }

        @ParameterizedTest
        @EnumSource(value = PaymentStatus.class, names = {"PENDING", "UNKNOWN", "PROCESSING", "FAILED", "CLOSED"})
        void aRefundOfAnUnpaidPaymentIsRejectedAsNotPaid(PaymentStatus unpaid) {
            Payment payment = aPendingPayment().withStatus(unpaid).build();

            TransitionOutcome outcome = payment.applyRefund(new RefundId("rf-1"), cny(100), NOW);

            assertThat(outcome).isInstanceOfSatisfying(Rejected.class,
                    rejected -> assertThat(rejected.reason()).isEqualTo(RejectionReason.NOT_PAID));
        }

        @Test
        void aRefundInAnotherCurrencyIsRejected() {
            TransitionOutcome outcome = paid.applyRefund(new RefundId("rf-1"), Money.of(100, "USD"), NOW);

            assertThat(outcome).isInstanceOfSatisfying(Rejected.class,
                    rejected -> assertThat(rejected.reason()).isEqualTo(RejectionReason.REFUND_CURRENCY_MISMATCH));
        }

        @Test
        void aZeroRefundIsABrokenInvariant() {
            assertThatThrownBy(() -> paid.applyRefund(new RefundId("rf-1"), cny(0), NOW))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Nested
    class RefundRejection {

        private final Payment paid = aPendingPayment().withStatus(PaymentStatus.SUCCEEDED).build();

        @Test
        void aRefundWithinWhatIsLeftIsAccepted() {
            assertThat(paid.refundRejection(cny(4_000), cny(6_000))).isEmpty();
            assertThat(paid.refundRejection(DEFAULT_AMOUNT, cny(0))).isEmpty();
        }

        @Test
        void aRefundBeyondWhatIsLeftIsRejected() {
            Optional<Rejected> rejection = paid.refundRejection(cny(4_001), cny(6_000));

            assertThat(rejection).hasValueSatisfying(
                    rejected -> assertThat(rejected.reason()).isEqualTo(RejectionReason.REFUND_EXCEEDS_CAPTURED));
        }

        @Test
        void aRefundOfTheLargestAmountIsRejectedNotOverflowed() {
            Payment partly = aPendingPayment().withStatus(PaymentStatus.PARTIALLY_REFUNDED).withRefunded(6_000).build();

            assertThat(partly.refundRejection(cny(Long.MAX_VALUE), cny(1_000))).hasValueSatisfying(
                    rejected -> assertThat(rejected.reason()).isEqualTo(RejectionReason.REFUND_EXCEEDS_CAPTURED));
            assertThat(partly.applyRefund(new RefundId("rfd_1"), cny(Long.MAX_VALUE), NOW))
                    .isInstanceOf(Rejected.class);
        }

        @Test
        void aRefundCountsWhatIsAlreadyRefundedAndWhatIsInFlight() {
            Payment partly = aPendingPayment().withStatus(PaymentStatus.PARTIALLY_REFUNDED).withRefunded(6_000).build();

            assertThat(partly.refundRejection(cny(4_000), cny(0))).isEmpty();
            assertThat(partly.refundRejection(cny(4_001), cny(0))).isPresent();
            assertThat(partly.refundRejection(cny(3_000), cny(1_000))).isEmpty();
            assertThat(partly.refundRejection(cny(3_001), cny(1_000))).isPresent();
        }

        @ParameterizedTest
        @EnumSource(value = PaymentStatus.class, names = {"PENDING", "UNKNOWN", "PROCESSING", "FAILED", "CLOSED"})
        void anUnpaidPaymentCannotBeRefunded(PaymentStatus unpaid) {
            Payment payment = aPendingPayment().withStatus(unpaid).build();

            assertThat(payment.refundRejection(cny(1), cny(0))).hasValueSatisfying(
                    rejected -> assertThat(rejected.reason()).isEqualTo(RejectionReason.NOT_PAID));
        }

        @Test
        void aRefundInAnotherCurrencyIsRejected() {
            assertThat(paid.refundRejection(Money.of(1, "USD"), cny(0))).hasValueSatisfying(
                    rejected -> assertThat(rejected.reason()).isEqualTo(RejectionReason.REFUND_CURRENCY_MISMATCH));
            assertThat(paid.refundRejection(cny(1), Money.of(0, "USD"))).hasValueSatisfying(
                    rejected -> assertThat(rejected.reason()).isEqualTo(RejectionReason.REFUND_CURRENCY_MISMATCH));
        }

        @Test
        void aZeroRefundRequestIsABrokenInvariant() {
            assertThatThrownBy(() -> paid.refundRejection(cny(0), cny(0)))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }
}
