package dev.tristate.bootstrap;

import dev.tristate.application.port.in.ApplyDiscrepancyRepairUseCase;
import dev.tristate.application.port.in.AskChannelNowUseCase;
import dev.tristate.application.port.in.DurabilityPostureQuery;
import dev.tristate.application.port.in.StartReconciliationUseCase;
import dev.tristate.application.port.out.AuditTrail;
import dev.tristate.application.port.out.ChannelCredentialStore;
import dev.tristate.application.port.out.ConsumerDeliveryStore;
import dev.tristate.application.port.out.Inbox;
import dev.tristate.application.port.out.NotificationLog;
import dev.tristate.application.port.out.OutboxQuarantine;
import dev.tristate.application.port.out.OutboxRelayStore;
import dev.tristate.application.port.out.PaymentRepository;
import dev.tristate.application.port.out.PaymentSearch;
import dev.tristate.application.port.out.RefundStore;
import dev.tristate.application.port.out.ReviewCases;
import dev.tristate.application.port.out.TaskStore;
import dev.tristate.application.port.out.TenantRepository;
import dev.tristate.application.port.out.TenantWebhooks;
import dev.tristate.application.port.out.Transactions;
import dev.tristate.application.service.AskChannelService;
import dev.tristate.application.service.AuditLogService;
import dev.tristate.application.service.ConsoleDashboardService;
import dev.tristate.application.service.PaymentConsoleService;
import dev.tristate.application.service.ProvisionTenantService;
import dev.tristate.application.service.QuarantineService;
import dev.tristate.application.service.ReconciliationConsoleService;
import dev.tristate.application.service.ReviewCaseService;
import dev.tristate.application.service.TenantAdministrationService;
import dev.tristate.application.service.WorkQuarantineService;
import java.time.Clock;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The use cases behind the admin console. See docs/admin-console.md. */
@Configuration(proxyBeanMethods = false)
class ConsoleWiring {

    @Bean
    ConsoleDashboardService consoleDashboardService(PaymentRepository payments, OutboxRelayStore outbox,
                                                    ReviewCases reviewCases, DurabilityPostureQuery durability,
                                                    RefundStore refunds, Clock clock) {
        return new ConsoleDashboardService(payments, outbox, reviewCases, durability, refunds, clock);
    }

    @Bean
    PaymentConsoleService paymentConsoleService(PaymentSearch search, PaymentRepository payments,
                                                NotificationLog notifications, ReviewCases reviewCases,
                                                OutboxQuarantine outbox, AuditTrail audit, Inbox inbox,
                                                ConsumerDeliveryStore deliveries, TaskStore tasks,
                                                RefundStore refunds) {
        return new PaymentConsoleService(search, payments, notifications, reviewCases, outbox, audit, inbox,
                deliveries, tasks, refunds);
    }

    @Bean
    QuarantineService quarantineService(OutboxQuarantine outbox, AuditTrail audit, Transactions transactions,
                                        Clock clock) {
        return new QuarantineService(outbox, audit, transactions, clock);
    }

    /** Quarantined consumer messages and tasks: listed, replayed and discarded from the console. */
    @Bean
    WorkQuarantineService workQuarantineService(ConsumerDeliveryStore deliveries, TaskStore tasks, AuditTrail audit,
                                                Transactions transactions, Clock clock) {
        return new WorkQuarantineService(deliveries, tasks, audit, transactions, clock);
    }

    @Bean
    ReviewCaseService reviewCaseService(ReviewCases cases, AuditTrail audit, Transactions transactions, Clock clock) {
        return new ReviewCaseService(cases, audit, transactions, clock);
    }

    /** "Ask the channel now" on the console: the resolver's query for one payment, audited. */
    @Bean
    AskChannelService askChannelService(AskChannelNowUseCase resolver, AuditTrail audit, Transactions transactions,
                                        Clock clock) {
        return new AskChannelService(resolver, audit, transactions, clock);
    }

    /** Starting a reconciliation run and a discrepancy's repair button, audited. */
    @Bean
    ReconciliationConsoleService reconciliationConsoleService(StartReconciliationUseCase start,
                                                              ApplyDiscrepancyRepairUseCase repair, AuditTrail audit,
                                                              Transactions transactions, Clock clock) {
        return new ReconciliationConsoleService(start, repair, audit, transactions, clock);
    }

    @Bean
    AuditLogService auditLogService(AuditTrail audit) {
        return new AuditLogService(audit);
    }

    /** {@code tristate.admin.credential-grace-period}: how long a rotated API key or channel secret stays valid. */
    @Bean
    TenantAdministrationService tenantAdministrationService(
            ProvisionTenantService provisioning, TenantRepository tenants, ChannelCredentialStore credentials,
            TenantWebhooks webhooks, AuditTrail audit, Transactions transactions, Clock clock,
            @Value("${tristate.admin.credential-grace-period:24h}") Duration gracePeriod) {
        return new TenantAdministrationService(provisioning, tenants, credentials, webhooks, audit, transactions,
                clock, gracePeriod);
    }
}
