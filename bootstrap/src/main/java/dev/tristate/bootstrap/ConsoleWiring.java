package dev.tristate.bootstrap;

import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.console.port.in.DurabilityPostureQuery;
import dev.tristate.application.console.port.out.PaymentSearch;
import dev.tristate.application.console.service.AuditLogService;
import dev.tristate.application.console.service.ConsoleDashboardService;
import dev.tristate.application.console.service.PaymentConsoleService;
import dev.tristate.application.consumer.port.out.ConsumerDeliveryStore;
import dev.tristate.application.consumer.port.out.Inbox;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.consumer.service.WorkQuarantineService;
import dev.tristate.application.outbox.port.out.OutboxQuarantine;
import dev.tristate.application.outbox.port.out.OutboxRelayStore;
import dev.tristate.application.outbox.service.QuarantineService;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.application.resolution.port.in.AskChannelUseCase;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.application.resolution.service.AskChannelAsOperatorService;
import dev.tristate.application.resolution.service.ReviewCaseService;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.application.tenant.port.out.TenantRepository;
import dev.tristate.application.tenant.port.out.TenantWebhooks;
import dev.tristate.application.tenant.service.ProvisionTenantService;
import dev.tristate.application.tenant.service.TenantAdministrationService;
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
    AskChannelAsOperatorService askChannelAsOperatorService(AskChannelUseCase resolver, AuditTrail audit,
                                                            Transactions transactions, Clock clock) {
        return new AskChannelAsOperatorService(resolver, audit, transactions, clock);
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
