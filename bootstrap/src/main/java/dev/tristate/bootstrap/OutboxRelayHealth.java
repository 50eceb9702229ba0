package dev.tristate.bootstrap;

import dev.tristate.adapter.in.messaging.OutboxRelayScheduler;
import dev.tristate.domain.outbox.OutboxBacklog;
import java.time.Clock;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The health component {@code outboxRelay}: DOWN when the oldest unsent outbox event has waited longer than
 * {@code tristate.relay.health.max-age}, which means events pile up faster than they leave (the broker is away or
 * refuses them). It reads the backlog the relay's gauges last read, so a health check costs no query. It is not part
 * of readiness: the outbox keeps the events meanwhile and callbacks can still be taken.
 */
@Configuration(proxyBeanMethods = false)
class OutboxRelayHealth {

    @Bean
    // Where the relay runs (the same condition as its scheduler): its backlog is what the gauges read there.
    @ConditionalOnProperty(name = "tristate.relay.enabled", havingValue = "true", matchIfMissing = true)
    HealthIndicator outboxRelayHealthIndicator(OutboxRelayScheduler relay, Clock clock,
                                               @Value("${tristate.relay.health.max-age:5m}") Duration maxAge) {
        return () -> {
            OutboxBacklog backlog = relay.lastBacklog();
            Duration age = backlog.oldestPendingAge(clock.instant());
            Health.Builder health = age.compareTo(maxAge) > 0 ? Health.down() : Health.up();
            return health.withDetail("pending", backlog.pending())
                    .withDetail("oldestPendingAge", age.toString())
                    .withDetail("maxAge", maxAge.toString())
                    .withDetail("quarantined", backlog.quarantined())
                    .build();
        };
    }
}
