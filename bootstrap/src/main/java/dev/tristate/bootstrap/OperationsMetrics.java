package dev.tristate.bootstrap;

import dev.tristate.application.console.port.in.DurabilityPostureQuery;
import dev.tristate.application.consumer.port.in.WorkQuarantineQuery;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.resolution.port.out.ReviewCases;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Clock;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.security.authentication.event.AuthenticationFailureBadCredentialsEvent;

/** The meters beside the adapters' own: database gauges for people's work lists, and console sign-in failures. */
@Configuration(proxyBeanMethods = false)
class OperationsMetrics {

    @Bean
    OperationsGauges operationsGauges(PaymentRepository payments, ResolutionCases cases, ReviewCases reviewCases,
                                      TaskStore tasks, WorkQuarantineQuery quarantine,
                                      DurabilityPostureQuery durability, ReconciliationRecords reconciliation,
                                      Clock clock,
                                      @Value("${tristate.metrics.database-gauges.max-age:10s}") Duration maxAge) {
        return new OperationsGauges(payments, cases, reviewCases, tasks, quarantine, durability, reconciliation, clock,
                maxAge);
    }

    /**
     * {@code tristate.instance.profile{profile}}: always 1, with the instance's profile ({@code prod},
     * {@code embedded}, or {@code other}), so that a rule can hold for some instances only: durability AT_RISK is
     * news on prod and the embedded default's nature elsewhere. (Not {@code tristate.info}: Prometheus' client
     * reserves the {@code _info} suffix.)
     */
    @Bean
    MeterBinder instanceProfile(Environment environment) {
        String profile = environment.matchesProfiles("prod") ? "prod"
                : environment.matchesProfiles("embedded") ? "embedded" : "other";
        return registry -> Gauge.builder("tristate.instance.profile", () -> 1)
                .description("1, with the profile this instance runs on")
                .tag("profile", profile).register(registry);
    }

    /**
     * Wrong user name or password at the console's sign-in, from Spring Security's authentication events (a sign-in
     * the throttle refuses unread never reaches them; the lockouts it starts are {@code tristate.console.lockouts}).
     */
    @Bean
    ApplicationListener<AuthenticationFailureBadCredentialsEvent> signInFailureCounter(MeterRegistry meters) {
        Counter failures = Counter.builder("tristate.console.sign_in.failures")
                .description("Console sign-ins refused for a wrong user name or password").register(meters);
        return event -> failures.increment();
    }
}
