package dev.tristate.bootstrap;

import dev.tristate.application.callback.port.in.ApplyChannelReportUseCase;
import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.consumer.port.in.GrantEntitlementUseCase;
import dev.tristate.application.consumer.port.out.EntitlementLedgerView;
import dev.tristate.application.consumer.port.out.EntitlementStore;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.consumer.service.ConsumerServices;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.reconciliation.port.in.ReconciliationQuery;
import dev.tristate.application.reconciliation.port.in.RepairDiscrepancyAsOperatorUseCase;
import dev.tristate.application.reconciliation.port.in.RepairDiscrepancyUseCase;
import dev.tristate.application.reconciliation.port.in.StartReconciliationAsOperatorUseCase;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase;
import dev.tristate.application.reconciliation.port.out.ReconciliationPayments;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords;
import dev.tristate.application.reconciliation.service.ReconciliationServices;
import dev.tristate.application.reconciliation.service.ReconciliationSettings;
import dev.tristate.application.refund.port.out.RefundLedgerView;
import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.application.refund.service.RefundServices;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import java.time.Clock;
import java.time.Duration;
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
 * the persistence adapter's; the missing grant is granted through {@link GrantEntitlementUseCase}, the consumer's own
 * code.
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
        return RefundServices.refundLedger(refunds, cases, gateways.orderedStream().toList(), credentials, clock);
    }

    @Bean
    StartReconciliationUseCase startReconciliation(ObjectProvider<ChannelGateway> gateways,
            ChannelCredentialStore credentials, PaymentRepository payments, ReconciliationPayments paidPayments,
            ReconciliationRecords records, EntitlementLedgerView entitlements, RefundLedgerView refunds,
            RepairDiscrepancyUseCase repairs, Transactions transactions, Clock clock,
            ReconciliationProperties properties) {
        return ReconciliationServices.startReconciliation(gateways.orderedStream().toList(), credentials, payments,
                paidPayments, records, entitlements, refunds, repairs, transactions, clock, settings(properties));
    }

    /** Each repair's effect; a statement line is applied by the callback path's {@link ApplyChannelReportUseCase}. */
    @Bean
    RepairDiscrepancyUseCase repairDiscrepancy(PaymentRepository payments, ReconciliationRecords records,
            NotificationLog log, ApplyChannelReportUseCase applyChannelReport, ResolutionCases resolutionCases,
            EntitlementLedgerView entitlements, EntitlementStore entitlementStore, TaskStore tasks,
            RefundLedgerView refunds, ReviewCases reviews, Transactions transactions, Clock clock) {
        return ReconciliationServices.repairDiscrepancy(payments, records, log, applyChannelReport, resolutionCases,
                entitlements, ConsumerServices.grantEntitlement(entitlementStore, tasks), refunds, reviews,
                transactions, clock, UUID::randomUUID);
    }

    @Bean
    ReconciliationQuery reconciliationQuery(ReconciliationRecords records) {
        return ReconciliationServices.reconciliationQuery(records);
    }

    /** The console's "start a run", audited. */
    @Bean
    StartReconciliationAsOperatorUseCase startReconciliationAsOperator(StartReconciliationUseCase start,
            AuditTrail audit, Transactions transactions, Clock clock) {
        return ReconciliationServices.startReconciliationAsOperator(start, audit, transactions, clock);
    }

    /** The console's repair button, audited. */
    @Bean
    RepairDiscrepancyAsOperatorUseCase repairDiscrepancyAsOperator(RepairDiscrepancyUseCase repair,
            AuditTrail audit, Transactions transactions, Clock clock) {
        return ReconciliationServices.repairDiscrepancyAsOperator(repair, audit, transactions, clock);
    }

    static ReconciliationSettings settings(ReconciliationProperties properties) {
        return new ReconciliationSettings(properties.edgeWindow(), properties.maxStatementSize().toBytes(),
                properties.autoRepair());
    }
}
