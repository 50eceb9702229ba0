package dev.tristate.application.callback.service;

import static dev.tristate.domain.payment.PaymentTestData.aPendingPayment;
import static dev.tristate.domain.payment.PaymentTestData.aReportFor;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.callback.port.in.ApplyChannelReportUseCase.Result;
import dev.tristate.application.fakes.InMemoryNotificationStores;
import dev.tristate.application.fakes.InMemoryPaymentRepository;
import dev.tristate.application.resolution.port.out.ReviewCases.NewCase;
import dev.tristate.application.shared.port.in.ChangedMeanwhile;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.notification.NotificationOutcome;
import dev.tristate.domain.payment.ChannelReport;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.ChannelTxnId;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentEvent.PaymentSucceeded;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.payment.TransitionOutcome.AnomalyReason;
import dev.tristate.domain.payment.TransitionOutcome;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChannelReportApplierTest {

    private static final Instant NOW = Instant.parse("2025-01-01T00:05:00Z");
    private static final long NOTIFICATION = 41;

    private final InMemoryPaymentRepository payments = new InMemoryPaymentRepository();
    private final InMemoryNotificationStores.Outbox outbox = new InMemoryNotificationStores.Outbox();
    private final InMemoryNotificationStores.Reviews reviews = new InMemoryNotificationStores.Reviews();
    private final List<String> crashPointsReached = new ArrayList<>();
    private final CrashPoints crashPoints = crashPointsReached::add;

    private ChannelReportApplier applier() {
        return new ChannelReportApplier(payments, outbox, reviews, crashPoints);
    }

    private Payment stored(Payment payment) {
        payments.insert(payment);
        return payments.findById(payment.tenantId(), payment.id()).orElseThrow();
    }

    @Test
    void aReportThatMovesThePaymentIsWrittenWithItsEventBeforeTheCommitCrashPoint() {
        Payment pending = stored(aPendingPayment().build());

        Result result = applier().apply(pending.tenantId(), pending, aReportFor(pending, ChannelTradeStatus.SUCCESS),
                NOTIFICATION, NOW);

        assertThat(result).isEqualTo(new Result(NotificationOutcome.APPLIED, PaymentStatus.PENDING,
                PaymentStatus.SUCCEEDED, null, null));
        assertThat(payments.findById(pending.tenantId(), pending.id()).orElseThrow().status())
                .isEqualTo(PaymentStatus.SUCCEEDED);
        assertThat(outbox.events()).singleElement().isInstanceOf(PaymentSucceeded.class)
                .satisfies(e -> assertThat(e.paymentId()).isEqualTo(pending.id()));
        assertThat(crashPointsReached).containsExactly(CrashPoints.C1_BEFORE_COMMIT);
        assertThat(reviews.cases()).isEmpty();
    }

    @Test
    void aReportOfWhatThePaymentAlreadyIsIsADuplicateAndChangesNothing() {
        Payment paid = stored(aPendingPayment().withStatus(PaymentStatus.SUCCEEDED).build());

        Result result = applier().apply(paid.tenantId(), paid, aReportFor(paid, ChannelTradeStatus.SUCCESS),
                NOTIFICATION, NOW);

        assertThat(result.outcome()).isEqualTo(NotificationOutcome.DUPLICATE);
        assertThat(result.before()).isEqualTo(PaymentStatus.SUCCEEDED);
        assertThat(result.after()).isEqualTo(PaymentStatus.SUCCEEDED);
        assertThat(result.reason()).isEqualTo("payment already SUCCEEDED");
        assertThat(outbox.events()).isEmpty();
        assertThat(crashPointsReached).isEmpty();
    }

    @Test
    void aReportRankingBelowThePaymentsStatusIsStaleAndChangesNothing() {
        Payment paid = stored(aPendingPayment().withStatus(PaymentStatus.SUCCEEDED).build());

        Result result = applier().apply(paid.tenantId(), paid, aReportFor(paid, ChannelTradeStatus.FAILED),
                NOTIFICATION, NOW);

        assertThat(result.outcome()).isEqualTo(NotificationOutcome.STALE);
        assertThat(result.after()).isEqualTo(PaymentStatus.SUCCEEDED);
        assertThat(result.reason()).isEqualTo("FAILED arrived after SUCCEEDED");
        assertThat(payments.findById(paid.tenantId(), paid.id()).orElseThrow().version()).isEqualTo(paid.version());
        assertThat(outbox.events()).isEmpty();
    }

    @Test
    void aReportThatDisagreesWithThePaymentIsHeldForReviewAndChangesNothing() {
        Payment pending = stored(aPendingPayment().withAmount(1999, "CNY").build());
        ChannelReport wrongAmount = new ChannelReport(ChannelTradeStatus.SUCCESS, Money.of(1, "CNY"),
                new ChannelTxnId("txn-0001"), NOW);

        Result result = applier().apply(pending.tenantId(), pending, wrongAmount, NOTIFICATION, NOW);

        assertThat(result.outcome()).isEqualTo(NotificationOutcome.HELD_FOR_REVIEW);
        assertThat(result.anomaly()).isEqualTo(AnomalyReason.AMOUNT_MISMATCH);
        assertThat(result.after()).isEqualTo(PaymentStatus.PENDING);
        assertThat(reviews.cases()).singleElement().satisfies(c -> {
            assertThat(c.paymentId()).isEqualTo(pending.id());
            assertThat(c.notificationId()).isEqualTo(NOTIFICATION);
            assertThat(c.reason()).isEqualTo(AnomalyReason.AMOUNT_MISMATCH);
            assertThat(c.createdAt()).isEqualTo(NOW);
        });
        assertThat(payments.findById(pending.tenantId(), pending.id()).orElseThrow().status())
                .isEqualTo(PaymentStatus.PENDING);
        assertThat(outbox.events()).isEmpty();
    }

    @Test
    void aTradeAlreadyBoundToAnotherPaymentIsHeldForReview() {
        Payment other = stored(aPendingPayment().withId("pay_other").withStatus(PaymentStatus.SUCCEEDED).build());
        Payment pending = stored(aPendingPayment().withId("pay_this").build());

        Result result = applier().apply(pending.tenantId(), pending, aReportFor(other, ChannelTradeStatus.SUCCESS),
                NOTIFICATION, NOW);

        assertThat(result.outcome()).isEqualTo(NotificationOutcome.HELD_FOR_REVIEW);
        assertThat(result.anomaly()).isEqualTo(AnomalyReason.TRADE_NO_BOUND_ELSEWHERE);
        assertThat(reviews.cases()).extracting(NewCase::reason).containsExactly(AnomalyReason.TRADE_NO_BOUND_ELSEWHERE);
        assertThat(payments.findById(pending.tenantId(), pending.id()).orElseThrow().status())
                .isEqualTo(PaymentStatus.PENDING);
        assertThat(outbox.events()).isEmpty();
    }

    @Test
    void aPaymentMovedByAnotherWriterIsReadAgainAndTheReportJudgedOnWhatItIsNow() {
        Payment pending = stored(aPendingPayment().build());
        Payment movedMeanwhile = ((TransitionOutcome.Applied) pending.apply(
                aReportFor(pending, ChannelTradeStatus.SUCCESS), NOW)).after();
        payments.update(pending, movedMeanwhile);

        Result result = applier().apply(pending.tenantId(), pending, aReportFor(pending, ChannelTradeStatus.SUCCESS),
                NOTIFICATION, NOW);

        assertThat(result.outcome()).isEqualTo(NotificationOutcome.DUPLICATE);
        assertThat(outbox.events()).as("the other writer raised the event, not us").isEmpty();
    }

    @Test
    void aPaymentThatKeepsChangingIsLeftForALaterRetry() {
        InMemoryPaymentRepository alwaysMoved = new InMemoryPaymentRepository() {
            @Override
            public synchronized boolean update(Payment before, Payment after) {
                return false;
            }
        };
        Payment pending = aPendingPayment().build();
        alwaysMoved.insert(pending);
        ChannelReportApplier applier = new ChannelReportApplier(alwaysMoved, outbox, reviews, crashPoints);

        assertThatThrownBy(() -> applier.apply(pending.tenantId(), pending,
                aReportFor(pending, ChannelTradeStatus.SUCCESS), NOTIFICATION, NOW))
                .isInstanceOf(ChangedMeanwhile.class).hasMessage("payment " + pending.id() + " kept changing");
        assertThat(alwaysMoved.findById(pending.tenantId(), pending.id()).orElseThrow().status())
                .isEqualTo(PaymentStatus.PENDING);
        assertThat(outbox.events()).isEmpty();
    }

    @Test
    void newsAboutNoKnownPaymentIsHeldForReviewWithoutStatuses() {
        Payment known = aPendingPayment().build();

        Result result = applier().holdForReview(NOTIFICATION, known.tenantId(), null, AnomalyReason.UNKNOWN_PAYMENT,
                "no payment pay_x", NOW);

        assertThat(result).isEqualTo(new Result(NotificationOutcome.HELD_FOR_REVIEW, null, null,
                "UNKNOWN_PAYMENT: no payment pay_x", AnomalyReason.UNKNOWN_PAYMENT));
        assertThat(reviews.cases()).singleElement().satisfies(c -> {
            assertThat(c.paymentId()).isNull();
            assertThat(c.tenantId()).isEqualTo(known.tenantId());
        });
    }
}
