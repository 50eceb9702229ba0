package dev.tristate.bootstrap;

import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.callback.service.ChannelReportApplier;
import dev.tristate.application.consumer.port.out.EntitlementLedgerView;
import dev.tristate.application.consumer.port.out.EntitlementStore;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.consumer.service.EntitlementGrants;
import dev.tristate.application.outbox.port.out.OutboxStore;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.reconciliation.port.in.RepairDiscrepancyUseCase;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase;
import dev.tristate.application.reconciliation.port.out.ReconciliationPayments;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords;
import dev.tristate.application.reconciliation.service.ApplyChannelResultRepair;
import dev.tristate.application.reconciliation.service.AskChannelRepair;
import dev.tristate.application.reconciliation.service.AutomaticRepairs;
import dev.tristate.application.reconciliation.service.DayRecorder;
import dev.tristate.application.reconciliation.service.DiscrepancyPolicies;
import dev.tristate.application.reconciliation.service.HoldForReviewRepair;
import dev.tristate.application.reconciliation.service.OurPayments;
import dev.tristate.application.reconciliation.service.QueryRefundRepair;
import dev.tristate.application.reconciliation.service.ReconciliationQueryService;
import dev.tristate.application.reconciliation.service.ReconciliationSettings;
import dev.tristate.application.reconciliation.service.RegrantEntitlementRepair;
import dev.tristate.application.reconciliation.service.RepairDiscrepancyAsOperatorService;
import dev.tristate.application.reconciliation.service.RepairDiscrepancyService;
import dev.tristate.application.reconciliation.service.RepairEffects;
import dev.tristate.application.reconciliation.service.StartReconciliationAsOperatorService;
import dev.tristate.application.reconciliation.service.StartReconciliationService;
import dev.tristate.application.reconciliation.service.StatementMatcher;
import dev.tristate.application.reconciliation.service.StatementNews;
import dev.tristate.application.reconciliation.service.StatementReader;
import dev.tristate.application.refund.port.out.RefundLedgerView;
import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.application.refund.service.RefundReconciliation;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.unit.DataSize;

/**
 * Statement reconciliation ({@code tristate.reconciliation.*}). See docs/reconciliation.md. The entitlement view is
 * the persistence adapter's; the missing grant is granted through {@link EntitlementGrants}, the consumer's own code.
 * Refunds are not part of this build: their view says "not available" until the module that owns them supplies one.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ReconciliationWiring.ReconciliationProperties.class)
class ReconciliationWiring {

    /** {@code tristate.reconciliation.*}. */
    @ConfigurationProperties("tristate.reconciliation")
    record ReconciliationProperties(
            @DefaultValue("15m") Duration edgeWindow,
            @DefaultValue("10MB") DataSize maxStatementSize,
            @DefaultValue("true") boolean autoRepair) {
    }

    /** REFUND_MISMATCH over the refunds table; its repair asks the channel (docs/reconciliation.md). */
    @Bean
    @ConditionalOnMissingBean
    RefundLedgerView refundLedgerView(RefundStore refunds, ResolutionCases cases,
                                      ObjectProvider<ChannelGateway> gateways, ChannelCredentialStore credentials,
                                      Clock clock) {
        return new RefundReconciliation(refunds, cases, gateways.orderedStream().toList(), credentials, clock);
    }

    @Bean
    StartReconciliationService startReconciliationService(ObjectProvider<ChannelGateway> gateways,
            ChannelCredentialStore credentials, PaymentRepository payments, ReconciliationPayments paidPayments,
            ReconciliationRecords records, EntitlementLedgerView entitlements, RefundLedgerView refunds,
            RepairDiscrepancyUseCase repairs, Transactions transactions, Clock clock,
            ReconciliationProperties properties) {
        ReconciliationSettings settings = settings(properties);
        OurPayments ours = new OurPayments(payments);
        return new StartReconciliationService(
                new StatementReader(gateways.orderedStream().toList(), credentials, settings),
                new StatementMatcher(ours, paidPayments,
                        DiscrepancyPolicies.allCurrentPolicies(entitlements, refunds, ours), settings),
                new DayRecorder(records, ours, transactions, clock),
                new AutomaticRepairs(repairs, records, settings), records, transactions, clock);
    }

    /** Each repair's effect; a statement line is applied by the callback path's {@link ChannelReportApplier}. */
    @Bean
    RepairDiscrepancyService repairDiscrepancyService(PaymentRepository payments, ReconciliationRecords records,
            NotificationLog log, OutboxStore outbox, ReviewCases reviews, ResolutionCases resolutionCases,
            EntitlementLedgerView entitlements, EntitlementStore entitlementStore, TaskStore tasks,
            RefundLedgerView refunds, Transactions transactions, Clock clock) {
        OurPayments ours = new OurPayments(payments);
        StatementNews news = new StatementNews(log, UUID::randomUUID);
        ChannelReportApplier applier = new ChannelReportApplier(payments, outbox, reviews, CrashPoints.NONE);
        RepairEffects effects = new RepairEffects(List.of(
                new ApplyChannelResultRepair(ours, news, applier),
                new HoldForReviewRepair(ours, news, applier),
                new AskChannelRepair(resolutionCases),
                new RegrantEntitlementRepair(ours, entitlements, new EntitlementGrants(entitlementStore, tasks)),
                new QueryRefundRepair(refunds)));
        return new RepairDiscrepancyService(records, effects, transactions, clock);
    }

    @Bean
    ReconciliationQueryService reconciliationQueryService(ReconciliationRecords records) {
        return new ReconciliationQueryService(records);
    }

    /** The console's "start a run", audited. */
    @Bean
    StartReconciliationAsOperatorService startReconciliationAsOperatorService(StartReconciliationUseCase start,
            AuditTrail audit, Transactions transactions, Clock clock) {
        return new StartReconciliationAsOperatorService(start, audit, transactions, clock);
    }

    /** The console's repair button, audited. */
    @Bean
    RepairDiscrepancyAsOperatorService repairDiscrepancyAsOperatorService(RepairDiscrepancyUseCase repair,
            AuditTrail audit, Transactions transactions, Clock clock) {
        return new RepairDiscrepancyAsOperatorService(repair, audit, transactions, clock);
    }

    static ReconciliationSettings settings(ReconciliationProperties properties) {
        return new ReconciliationSettings(properties.edgeWindow(), properties.maxStatementSize().toBytes(),
                properties.autoRepair());
    }
}
