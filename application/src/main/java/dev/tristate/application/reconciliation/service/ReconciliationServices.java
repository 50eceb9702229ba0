package dev.tristate.application.reconciliation.service;

import dev.tristate.application.callback.port.in.ApplyChannelReportUseCase;
import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.consumer.port.in.GrantEntitlementUseCase;
import dev.tristate.application.consumer.port.out.EntitlementLedgerView;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.reconciliation.port.in.ReconciliationQuery;
import dev.tristate.application.reconciliation.port.in.RepairDiscrepancyAsOperatorUseCase;
import dev.tristate.application.reconciliation.port.in.RepairDiscrepancyUseCase;
import dev.tristate.application.reconciliation.port.in.RunDailyReconciliationsUseCase;
import dev.tristate.application.reconciliation.port.in.StartReconciliationAsOperatorUseCase;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase;
import dev.tristate.application.reconciliation.port.out.ReconciliationPayments;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords;
import dev.tristate.application.refund.port.out.RefundLedgerView;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;

/** The reconciliation feature's use cases, built for the wiring: the implementations stay inside this package. */
public final class ReconciliationServices {

    private ReconciliationServices() {
    }

    /**
     * A run over one statement day: read, matched under every current discrepancy policy, recorded, and (where the
     * settings allow) repaired at once through {@code repairs}.
     */
    public static StartReconciliationUseCase startReconciliation(List<ChannelGateway> gateways,
            ChannelCredentialStore credentials, PaymentRepository payments, ReconciliationPayments paidPayments,
            ReconciliationRecords records, EntitlementLedgerView entitlements, RefundLedgerView refunds,
            RepairDiscrepancyUseCase repairs, Transactions transactions, Clock clock,
            ReconciliationSettings settings) {
        OurPayments ours = new OurPayments(payments);
        return new StartReconciliationService(new StatementReader(gateways, credentials, settings),
                new StatementMatcher(ours, paidPayments,
                        DiscrepancyPolicies.allCurrentPolicies(entitlements, refunds, ours), settings),
                new DayRecorder(records, ours, transactions, clock),
                new AutomaticRepairs(repairs, records, settings), records, transactions, clock);
    }

    /**
     * Each repair's effect: a statement line is applied through {@code reports} (the callback's path), a missing
     * grant granted through {@code grants} (the consumer's own), a status or refund mismatch asked of the channel; a
     * payment whose review case was decided since the statement's day began is left alone, linked to that case.
     */
    public static RepairDiscrepancyUseCase repairDiscrepancy(PaymentRepository payments,
            ReconciliationRecords records, NotificationLog log, ApplyChannelReportUseCase reports,
            ResolutionCases resolutionCases, EntitlementLedgerView entitlements, GrantEntitlementUseCase grants,
            RefundLedgerView refunds, ReviewCases reviews, Transactions transactions, Clock clock,
            Supplier<UUID> uuids) {
        OurPayments ours = new OurPayments(payments);
        StatementNews news = new StatementNews(log, uuids);
        DecidedReviews decided = new DecidedReviews(reviews);
        RepairEffects effects = new RepairEffects(List.of(
                new ApplyChannelResultRepair(ours, news, reports, decided),
                new HoldForReviewRepair(ours, news, reports, decided),
                new AskChannelRepair(resolutionCases),
                new RegrantEntitlementRepair(ours, entitlements, grants),
                new QueryRefundRepair(refunds)));
        return new RepairDiscrepancyService(records, effects, transactions, clock);
    }

    public static ReconciliationQuery reconciliationQuery(ReconciliationRecords records) {
        return new ReconciliationQueryService(records);
    }

    /** The console's "start a run", audited. */
    public static StartReconciliationAsOperatorUseCase startReconciliationAsOperator(StartReconciliationUseCase start,
            AuditTrail audit, Transactions transactions, Clock clock) {
        return new StartReconciliationAsOperatorService(start, audit, transactions, clock);
    }

    /** The console's repair button, audited. */
    public static RepairDiscrepancyAsOperatorUseCase repairDiscrepancyAsOperator(RepairDiscrepancyUseCase repair,
            AuditTrail audit, Transactions transactions, Clock clock) {
        return new RepairDiscrepancyAsOperatorService(repair, audit, transactions, clock);
    }

    /**
     * Yesterday for every account of {@code channels} (each with the zone its days are cut in), once the day is
     * {@code settleAfter} over.
     */
    public static RunDailyReconciliationsUseCase dailyReconciliations(StartReconciliationUseCase reconciliation,
            ChannelCredentialStore credentials, ReconciliationRecords records, Clock clock,
            Map<String, ZoneId> channels, Duration settleAfter) {
        return new DailyReconciliationService(reconciliation, credentials, records, clock, channels, settleAfter);
    }
}
