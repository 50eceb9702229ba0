package dev.tristate.bootstrap;

import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.consumer.port.out.EntitlementLedgerView;
import dev.tristate.application.consumer.port.out.EntitlementStore;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.consumer.service.EntitlementGrants;
import dev.tristate.application.outbox.port.out.OutboxStore;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.reconciliation.port.out.ReconciliationPayments;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords;
import dev.tristate.application.reconciliation.service.ReconciliationService;
import dev.tristate.application.reconciliation.service.ReconciliationSettings;
import dev.tristate.application.refund.port.out.RefundLedgerView;
import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.application.refund.service.RefundReconciliation;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.resolution.port.out.ReviewCases;
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
    ReconciliationService reconciliationService(ObjectProvider<ChannelGateway> gateways,
            ChannelCredentialStore credentials, PaymentRepository payments, ReconciliationPayments paidPayments,
            ReconciliationRecords records, NotificationLog log, OutboxStore outbox, ReviewCases reviews,
            ResolutionCases resolutionCases, EntitlementLedgerView entitlements, EntitlementStore entitlementStore,
            TaskStore tasks, RefundLedgerView refunds, Transactions transactions, Clock clock,
            ReconciliationProperties properties) {
        return new ReconciliationService(gateways.orderedStream().toList(), credentials, payments, paidPayments,
                records, log, outbox, reviews, resolutionCases, entitlements,
                new EntitlementGrants(entitlementStore, tasks), refunds, transactions, clock, UUID::randomUUID,
                settings(properties));
    }

    static ReconciliationSettings settings(ReconciliationProperties properties) {
        return new ReconciliationSettings(properties.edgeWindow(), properties.maxStatementSize().toBytes(),
                properties.autoRepair());
    }
}
