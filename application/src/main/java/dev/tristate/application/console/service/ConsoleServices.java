package dev.tristate.application.console.service;

import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.console.port.in.AuditLogQuery;
import dev.tristate.application.console.port.in.ConsoleDashboardQuery;
import dev.tristate.application.console.port.in.DashboardChartsQuery;
import dev.tristate.application.console.port.in.DurabilityPostureQuery;
import dev.tristate.application.console.port.in.EnsureFirstOperatorUseCase;
import dev.tristate.application.console.port.in.FindConsoleUserQuery;
import dev.tristate.application.console.port.in.ManageConsoleUsersUseCase;
import dev.tristate.application.console.port.in.PaymentStatisticsQuery;
import dev.tristate.application.console.port.in.PaymentTimelineQuery;
import dev.tristate.application.console.port.in.RecentSignInLockoutsQuery;
import dev.tristate.application.console.port.in.RecordSignInLockoutUseCase;
import dev.tristate.application.console.port.in.RecordSignInUseCase;
import dev.tristate.application.console.port.in.SearchPaymentsQuery;
import dev.tristate.application.console.port.out.ConsoleCharts;
import dev.tristate.application.console.port.out.ConsoleUserRepository;
import dev.tristate.application.console.port.out.DatabaseSettings;
import dev.tristate.application.console.port.out.PasswordHasher;
import dev.tristate.application.console.port.out.PaymentSearch;
import dev.tristate.application.consumer.port.out.ConsumerDeliveryStore;
import dev.tristate.application.consumer.port.out.Inbox;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.outbox.port.out.OutboxQuarantine;
import dev.tristate.application.outbox.port.out.OutboxRelayStore;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.refund.port.in.OpenRefundsQuery;
import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.shared.port.out.Transactions;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Objects;

/** The console feature's use cases, built for the wiring: the implementations stay inside this package. */
public final class ConsoleServices {

    private ConsoleServices() {
    }

    /** Console users' use cases; each component implements only its port, so that each is a bean of its own. */
    public record ConsoleUsers(EnsureFirstOperatorUseCase ensureFirstOperator, FindConsoleUserQuery findConsoleUser,
                               ManageConsoleUsersUseCase manageConsoleUsers) {
        public ConsoleUsers {
            Objects.requireNonNull(ensureFirstOperator, "ensureFirstOperator");
            Objects.requireNonNull(findConsoleUser, "findConsoleUser");
            Objects.requireNonNull(manageConsoleUsers, "manageConsoleUsers");
        }
    }

    /** The payment pages' queries; each component implements only its port, so that each is a bean of its own. */
    public record PaymentConsole(SearchPaymentsQuery searchPayments, PaymentTimelineQuery paymentTimeline,
                                 OpenRefundsQuery openRefunds) {
        public PaymentConsole {
            Objects.requireNonNull(searchPayments, "searchPayments");
            Objects.requireNonNull(paymentTimeline, "paymentTimeline");
            Objects.requireNonNull(openRefunds, "openRefunds");
        }
    }

    /** Sign-ins and their lockouts: recorded in the audit log; the lockouts read back for the dashboard. */
    public record SignInLockouts(RecordSignInLockoutUseCase recordSignInLockout,
                                 RecentSignInLockoutsQuery recentSignInLockouts, RecordSignInUseCase recordSignIn) {
        public SignInLockouts {
            Objects.requireNonNull(recordSignInLockout, "recordSignInLockout");
            Objects.requireNonNull(recentSignInLockouts, "recentSignInLockouts");
            Objects.requireNonNull(recordSignIn, "recordSignIn");
        }
    }

    public static SignInLockouts signInLockouts(AuditTrail audit, Transactions transactions, Clock clock) {
        SignInLockoutService service = new SignInLockoutService(audit, transactions, clock);
        return new SignInLockouts(service::recordLockout, service::recentLockouts, service::recordSignIn);
    }

    public static AuditLogQuery auditLog(AuditTrail audit) {
        return new AuditLogService(audit);
    }

    public static DashboardChartsQuery dashboardCharts(ConsoleCharts charts, Clock clock) {
        return new DashboardChartsService(charts, clock);
    }

    public static ConsoleDashboardQuery consoleDashboard(PaymentRepository payments, OutboxRelayStore outbox,
                                                         ReviewCases reviewCases, DurabilityPostureQuery durability,
                                                         RefundStore refunds, Clock clock) {
        return new ConsoleDashboardService(payments, outbox, reviewCases, durability, refunds, clock);
    }

    public static ConsoleUsers consoleUsers(ConsoleUserRepository users, PasswordHasher hasher,
                                            Transactions transactions, Clock clock, SecureRandom random,
                                            AuditTrail audit) {
        ConsoleUserService service = new ConsoleUserService(users, hasher, transactions, clock, random, audit);
        return new ConsoleUsers(service::ensureFirstOperator, service::findConsoleUser, service);
    }

    public static DurabilityPostureQuery durabilityPosture(DatabaseSettings settings) {
        return new DurabilityPostureService(settings);
    }

    public static PaymentConsole paymentConsole(PaymentSearch search, PaymentRepository payments,
                                                NotificationLog notifications, ReviewCases reviewCases,
                                                OutboxQuarantine outbox, AuditTrail audit, Inbox inbox,
                                                ConsumerDeliveryStore deliveries, TaskStore tasks,
                                                RefundStore refunds) {
        PaymentConsoleService service = new PaymentConsoleService(search, payments, notifications, reviewCases, audit,
                refunds, new DownstreamTimeline(outbox, audit, inbox, deliveries, tasks));
        return new PaymentConsole(service::searchPayments, service::timeline, service::openRefunds);
    }

    public static PaymentStatisticsQuery paymentStatistics(PaymentRepository payments) {
        return new PaymentStatisticsService(payments);
    }
}
