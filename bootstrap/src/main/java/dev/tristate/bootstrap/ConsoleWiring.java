package dev.tristate.bootstrap;

import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.console.port.in.AuditLogQuery;
import dev.tristate.application.console.port.in.ConsoleDashboardQuery;
import dev.tristate.application.console.port.in.DashboardChartsQuery;
import dev.tristate.application.console.port.in.DurabilityPostureQuery;
import dev.tristate.application.console.port.in.PaymentTimelineQuery;
import dev.tristate.application.console.port.in.RecentSignInLockoutsQuery;
import dev.tristate.application.console.port.in.RecordSignInLockoutUseCase;
import dev.tristate.application.console.port.in.RecordSignInUseCase;
import dev.tristate.application.console.port.in.SearchPaymentsQuery;
import dev.tristate.application.console.port.out.ConsoleCharts;
import dev.tristate.application.console.port.out.PaymentSearch;
import dev.tristate.application.console.service.ConsoleServices;
import dev.tristate.application.consumer.port.in.ReleaseQuarantinedWorkUseCase;
import dev.tristate.application.consumer.port.in.WorkQuarantineQuery;
import dev.tristate.application.consumer.port.out.ConsumerDeliveryStore;
import dev.tristate.application.consumer.port.out.Inbox;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.consumer.service.ConsumerServices;
import dev.tristate.application.outbox.port.in.DiscardQuarantinedMessageUseCase;
import dev.tristate.application.outbox.port.in.QuarantineQuery;
import dev.tristate.application.outbox.port.in.ReplayQuarantinedMessageUseCase;
import dev.tristate.application.outbox.port.out.OutboxQuarantine;
import dev.tristate.application.outbox.port.out.OutboxRelayStore;
import dev.tristate.application.outbox.service.OutboxServices;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.refund.port.in.CreateRefundUseCase;
import dev.tristate.application.refund.port.in.OpenRefundsQuery;
import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.application.resolution.port.in.AskChannelAsOperatorUseCase;
import dev.tristate.application.resolution.port.in.AskChannelUseCase;
import dev.tristate.application.resolution.port.in.DecideReviewCaseUseCase;
import dev.tristate.application.resolution.port.in.ReviewCasesQuery;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.application.resolution.service.ResolutionServices;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase;
import dev.tristate.application.tenant.port.in.TenantsQuery;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.application.tenant.port.out.TenantRepository;
import dev.tristate.application.tenant.port.out.TenantWebhooks;
import dev.tristate.application.tenant.port.out.WebhookEndpointPolicy;
import dev.tristate.application.tenant.service.TenantServices;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The use cases behind the admin console. See docs/admin-console.md. */
@Configuration(proxyBeanMethods = false)
class ConsoleWiring {

    @Bean
    DashboardChartsQuery dashboardCharts(ConsoleCharts charts, Clock clock) {
        return ConsoleServices.dashboardCharts(charts, clock);
    }

    @Bean
    ConsoleDashboardQuery consoleDashboard(PaymentRepository payments, OutboxRelayStore outbox,
                                           ReviewCases reviewCases, DurabilityPostureQuery durability,
                                           RefundStore refunds, Clock clock) {
        return ConsoleServices.consoleDashboard(payments, outbox, reviewCases, durability, refunds, clock);
    }

    @Bean
    ConsoleServices.SignInLockouts signInLockouts(AuditTrail audit, Transactions transactions, Clock clock) {
        return ConsoleServices.signInLockouts(audit, transactions, clock);
    }

    /** Every lockout the console's sign-in throttle starts is audited through here, and counted. */
    @Bean
    RecordSignInLockoutUseCase recordSignInLockout(ConsoleServices.SignInLockouts lockouts, MeterRegistry meters) {
        Counter counted = Counter.builder("tristate.console.lockouts")
                .description("Waits the console's sign-in throttle imposed on a user name and address")
                .register(meters);
        RecordSignInLockoutUseCase audit = lockouts.recordSignInLockout();
        return lockout -> {
            counted.increment();
            audit.recordLockout(lockout);
        };
    }

    @Bean
    RecordSignInUseCase recordSignIn(ConsoleServices.SignInLockouts lockouts) {
        return lockouts.recordSignIn();
    }

    @Bean
    RecentSignInLockoutsQuery recentSignInLockouts(ConsoleServices.SignInLockouts lockouts) {
        return lockouts.recentSignInLockouts();
    }

    @Bean
    ConsoleServices.PaymentConsole paymentConsole(PaymentSearch search, PaymentRepository payments,
                                                  NotificationLog notifications, ReviewCases reviewCases,
                                                  OutboxQuarantine outbox, AuditTrail audit, Inbox inbox,
                                                  ConsumerDeliveryStore deliveries, TaskStore tasks,
                                                  RefundStore refunds) {
        return ConsoleServices.paymentConsole(search, payments, notifications, reviewCases, outbox, audit, inbox,
                deliveries, tasks, refunds);
    }

    @Bean
    SearchPaymentsQuery searchPayments(ConsoleServices.PaymentConsole paymentConsole) {
        return paymentConsole.searchPayments();
    }

    @Bean
    PaymentTimelineQuery paymentTimeline(ConsoleServices.PaymentConsole paymentConsole) {
        return paymentConsole.paymentTimeline();
    }

    @Bean
    OpenRefundsQuery openRefunds(ConsoleServices.PaymentConsole paymentConsole) {
        return paymentConsole.openRefunds();
    }

    @Bean
    OutboxServices.Quarantine quarantine(OutboxQuarantine outbox, AuditTrail audit, Transactions transactions,
                                         Clock clock) {
        return OutboxServices.quarantine(outbox, audit, transactions, clock);
    }

    @Bean
    QuarantineQuery quarantineQuery(OutboxServices.Quarantine quarantine) {
        return quarantine.quarantineQuery();
    }

    @Bean
    ReplayQuarantinedMessageUseCase replayQuarantinedMessage(OutboxServices.Quarantine quarantine) {
        return quarantine.replay();
    }

    @Bean
    DiscardQuarantinedMessageUseCase discardQuarantinedMessage(OutboxServices.Quarantine quarantine) {
        return quarantine.discard();
    }

    /** Quarantined consumer messages and tasks: listed, replayed and discarded from the console. */
    @Bean
    ConsumerServices.WorkQuarantine workQuarantine(ConsumerDeliveryStore deliveries, TaskStore tasks,
                                                   AuditTrail audit, Transactions transactions, Clock clock) {
        return ConsumerServices.workQuarantine(deliveries, tasks, audit, transactions, clock);
    }

    @Bean
    WorkQuarantineQuery workQuarantineQuery(ConsumerServices.WorkQuarantine workQuarantine) {
        return workQuarantine.query();
    }

    @Bean
    ReleaseQuarantinedWorkUseCase releaseQuarantinedWork(ConsumerServices.WorkQuarantine workQuarantine) {
        return workQuarantine.release();
    }

    @Bean
    ReviewCasesQuery reviewCasesQuery(ReviewCases cases) {
        return ResolutionServices.reviewCases(cases);
    }

    @Bean
    DecideReviewCaseUseCase decideReviewCase(ReviewCases cases, AuditTrail audit, Transactions transactions,
                                             Clock clock, PaymentRepository payments, CreateRefundUseCase refunds) {
        return ResolutionServices.decideReviewCase(cases, audit, transactions, clock, payments, refunds);
    }

    /** "Ask the channel now" on the console: the resolver's query for one payment, audited. */
    @Bean
    AskChannelAsOperatorUseCase askChannelAsOperator(AskChannelUseCase resolver, AuditTrail audit,
                                                     Transactions transactions, Clock clock) {
        return ResolutionServices.askChannelAsOperator(resolver, audit, transactions, clock);
    }

    @Bean
    AuditLogQuery auditLog(AuditTrail audit) {
        return ConsoleServices.auditLog(audit);
    }

    /**
     * {@code tristate.admin.credential-grace-period}: how long a rotated API key, channel secret or webhook signing
     * secret stays valid.
     */
    @Bean
    ManageTenantsUseCase manageTenants(TenantRepository tenants, ChannelCredentialStore credentials,
                                       TenantWebhooks webhooks, WebhookEndpointPolicy endpoints, AuditTrail audit,
                                       Transactions transactions, Clock clock, SecureRandom random,
                                       @Value("${tristate.admin.credential-grace-period:24h}") Duration gracePeriod) {
        return TenantServices.manageTenants(tenants, credentials, webhooks, endpoints, audit, transactions, clock,
                random, gracePeriod);
    }

    @Bean
    TenantsQuery tenantsQuery(TenantRepository tenants, ChannelCredentialStore credentials, TenantWebhooks webhooks) {
        return TenantServices.tenants(tenants, credentials, webhooks);
    }
}
