package dev.tristate.bootstrap;

import dev.tristate.application.console.port.out.ConsoleUserRepository;
import dev.tristate.application.console.port.out.PasswordHasher;
import dev.tristate.application.console.service.ConsoleUserService;
import dev.tristate.application.console.service.PaymentStatisticsService;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.application.tenant.port.out.TenantRepository;
import dev.tristate.application.tenant.service.ProvisionTenantService;
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
    ProvisionTenantService provisionTenantService(TenantRepository tenants, ChannelCredentialStore credentials,
                                                  Transactions transactions, Clock clock, SecureRandom random) {
        return new ProvisionTenantService(tenants, credentials, transactions, clock, random);
    }

    @Bean
    ConsoleUserService consoleUserService(ConsoleUserRepository users, PasswordHasher hasher,
                                          Transactions transactions, Clock clock, SecureRandom random,
                                          AuditTrail audit) {
        return new ConsoleUserService(users, hasher, transactions, clock, random, audit);
    }

    @Bean
    PaymentStatisticsService paymentStatisticsService(PaymentRepository payments) {
        return new PaymentStatisticsService(payments);
    }
}
