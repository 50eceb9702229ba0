package dev.tristate.application.reconciliation.service;

import dev.tristate.application.callback.port.in.ApplyChannelReportUseCase;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.StoredDiscrepancy;
import dev.tristate.domain.payment.ChannelReport;
import dev.tristate.domain.payment.ChannelTxnId;
import dev.tristate.domain.console.ReviewCase;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.TransitionOutcome.AnomalyReason;
import dev.tristate.domain.reconciliation.Repair;
import dev.tristate.domain.reconciliation.StatementLine;
import java.time.Instant;
import java.util.Optional;

/**
 * APPLY_CHANNEL_RESULT: the statement line goes through the payment state machine like a callback; a line that names
 * no payment of ours is held for review instead.
 */
final class ApplyChannelResultRepair implements RepairEffect {

    private final OurPayments payments;
    private final StatementNews news;
    private final ApplyChannelReportUseCase applier;
    private final DecidedReviews decided;

    ApplyChannelResultRepair(OurPayments payments, StatementNews news, ApplyChannelReportUseCase applier,
            DecidedReviews decided) {
        this.payments = payments;
        this.news = news;
        this.applier = applier;
        this.decided = decided;
    }

    @Override
    public Repair repair() {
        return Repair.APPLY_CHANNEL_RESULT;
    }

    @Override
    public String apply(StoredDiscrepancy d, String operator, String reason, Instant now) {
        Optional<ReviewCase> answered = decided.answering(d);
        if (answered.isPresent()) {
            return DecidedReviews.leftAlone(answered.get());
        }
        Optional<Payment> payment = payments.named(d.tenantId(), d.paymentId());
        StatementLine line = d.line();
        long id = news.record(d, now);
        ChannelReport report = new ChannelReport(line.tradeStatus(), line.amount(), new ChannelTxnId(line.tradeNo()),
                line.eventTime());
        ApplyChannelReportUseCase.Result result = payment.isPresent()
                ? applier.apply(d.tenantId(), payment.get(), report, id, now)
                : applier.holdForReview(id, d.tenantId(), null, AnomalyReason.UNKNOWN_PAYMENT,
                        "statement names no payment of ours: " + d.detail(), now);
        news.complete(id, result);
        return result.outcome() + (result.before() == null ? "" : " " + result.before() + " -> " + result.after())
                + (result.reason() == null ? "" : " (" + result.reason() + ")");
    }
}
