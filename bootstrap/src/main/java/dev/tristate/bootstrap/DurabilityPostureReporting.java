package dev.tristate.bootstrap;

import dev.tristate.application.console.port.in.DurabilityPostureQuery.DurabilityPosture;
import dev.tristate.application.console.port.in.DurabilityPostureQuery.Verdict;
import dev.tristate.application.console.port.in.DurabilityPostureQuery;
import dev.tristate.application.console.port.out.DatabaseSettings;
import dev.tristate.application.console.service.ConsoleServices;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The durability posture at start-up (a warning in the log when a power loss could lose committed payments) and on
 * demand as the health detail {@code durability}. It never takes the application down: an operator decides.
 */
@Configuration(proxyBeanMethods = false)
class DurabilityPostureReporting {

    private static final Logger LOG = LoggerFactory.getLogger(DurabilityPostureReporting.class);

    @Bean
    DurabilityPostureQuery durabilityPosture(DatabaseSettings settings) {
        return ConsoleServices.durabilityPosture(settings);
    }

    @Bean
    ApplicationRunner reportDurabilityAtStartUp(DurabilityPostureQuery posture) {
        return (ApplicationArguments args) -> {
            DurabilityPosture p = posture.durabilityPosture();
            if (p.verdict() == Verdict.DURABLE) {
                LOG.info("Durability: {} ({})", p.verdict(), String.join("; ", p.reasons()));
            } else {
                LOG.warn("Durability: {}: {}", p.verdict(), String.join("; ", p.reasons()));
            }
        };
    }

    @Bean
    HealthIndicator durabilityHealthIndicator(DurabilityPostureQuery posture) {
        return () -> {
            DurabilityPosture p = posture.durabilityPosture();
            return Health.up()
                    .withDetail("verdict", p.verdict().name())
                    .withDetail("reasons", p.reasons())
                    .withDetail("settings", p.settings())
                    .build();
        };
    }
}
