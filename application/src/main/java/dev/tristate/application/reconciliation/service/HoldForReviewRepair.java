package dev.tristate.application.reconciliation.service;

import dev.tristate.application.callback.port.in.ApplyChannelReportUseCase;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.StoredDiscrepancy;
import dev.tristate.domain.console.ReviewCase;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.TransitionOutcome.AnomalyReason;
import dev.tristate.domain.reconciliation.Repair;
import java.time.Instant;
import java.util.Optional;

/**
 * HOLD_FOR_REVIEW: a review case, with the anomaly the discrepancy's class names; nothing about the payment
 * changes.
 */
final class HoldForReviewRepair implements RepairEffect {

    private final OurPayments payments;
    private final StatementNews news;
    private final ApplyChannelReportUseCase applier;
    private final DecidedReviews decided;

    HoldForReviewRepair(OurPayments payments, StatementNews news, ApplyChannelReportUseCase applier,
            DecidedReviews decided) {
        this.payments = payments;
        this.news = news;
        this.applier = applier;
        this.decided = decided;
    }

    @Override
    public Repair repair() {
        return Repair.HOLD_FOR_REVIEW;
    }

    @Override
    public String apply(StoredDiscrepancy d, String operator, String reason, Instant now) {
        Optional<ReviewCase> answered = decided.answering(d);
        if (answered.isPresent()) {
            return DecidedReviews.leftAlone(answered.get());
        }
        Optional<Payment> payment = payments.named(d.tenantId(), d.paymentId());
        long id = news.record(d, now);
        ApplyChannelReportUseCase.Result result = applier.holdForReview(id, d.tenantId(), payment.orElse(null),
                anomalyOf(d, payment), d.kind() + ": " + d.detail(), now);
        news.complete(id, result);
        return "review case opened (" + result.anomaly() + ")";
    }

    private static AnomalyReason anomalyOf(StoredDiscrepancy d, Optional<Payment> payment) {
        return switch (d.kind()) {
            case CHANNEL_TRADE_UNKNOWN_HERE -> AnomalyReason.UNKNOWN_PAYMENT;
            case HERE_NOT_AT_CHANNEL -> AnomalyReason.NOT_PAID_ON_STATEMENT;
            case AMOUNT_OR_CURRENCY_MISMATCH -> payment.isPresent() && d.line() != null
                    && !d.line().amount().sameCurrencyAs(payment.get().amount())
                    ? AnomalyReason.CURRENCY_MISMATCH : AnomalyReason.AMOUNT_MISMATCH;
            default -> throw new IllegalStateException(d.kind() + " is not repaired by a review");
        };
    }
}
