package dev.tristate.bootstrap;

import dev.tristate.application.console.port.in.EnsureFirstOperatorUseCase;
import dev.tristate.application.console.port.in.FindConsoleUserQuery;
import dev.tristate.application.console.port.in.ManageConsoleUsersUseCase;
import dev.tristate.application.console.port.in.PaymentStatisticsQuery;
import dev.tristate.application.console.port.out.ConsoleUserRepository;
import dev.tristate.application.console.port.out.PasswordHasher;
import dev.tristate.application.console.service.ConsoleServices;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.application.tenant.port.out.TenantRepository;
import dev.tristate.application.tenant.service.TenantServices;
import java.security.SecureRandom;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.crypto.password.PasswordEncoder;

/** The application services are plain classes; this is where they become beans. */
@Configuration(proxyBeanMethods = false)
class ApplicationWiring {

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }

    @Bean
    SecureRandom secureRandom() {
        return new SecureRandom();
    }

    @Bean
    PasswordHasher passwordHasher(PasswordEncoder consolePasswordEncoder) {
        return consolePasswordEncoder::encode;
    }

    @Bean
    ProvisionTenantUseCase provisionTenant(TenantRepository tenants, ChannelCredentialStore credentials,
                                           Transactions transactions, Clock clock, SecureRandom random) {
        return TenantServices.provisionTenant(tenants, credentials, transactions, clock, random);
    }

    @Bean
    ConsoleServices.ConsoleUsers consoleUserServices(ConsoleUserRepository users, PasswordHasher hasher,
                                              Transactions transactions, Clock clock, SecureRandom random,
                                              AuditTrail audit) {
        return ConsoleServices.consoleUsers(users, hasher, transactions, clock, random, audit);
    }

    @Bean
    EnsureFirstOperatorUseCase ensureFirstOperator(ConsoleServices.ConsoleUsers consoleUserServices) {
        return consoleUserServices.ensureFirstOperator();
    }

    @Bean
    FindConsoleUserQuery findConsoleUser(ConsoleServices.ConsoleUsers consoleUserServices) {
        return consoleUserServices.findConsoleUser();
    }

    @Bean
    ManageConsoleUsersUseCase manageConsoleUsers(ConsoleServices.ConsoleUsers consoleUserServices) {
        return consoleUserServices.manageConsoleUsers();
    }

    @Bean
    PaymentStatisticsQuery paymentStatistics(PaymentRepository payments) {
        return ConsoleServices.paymentStatistics(payments);
    }
}
