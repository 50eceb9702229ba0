package dev.tristate.bootstrap;

import dev.tristate.adapter.in.messaging.OutboxRelayScheduler;
import dev.tristate.adapter.out.messaging.EventTopology;
import dev.tristate.adapter.out.messaging.EventTopologyDeclarer;
import dev.tristate.adapter.out.messaging.RabbitEventPublisher;
import dev.tristate.adapter.out.messaging.embedded.BrokerKind;
import dev.tristate.application.outbox.port.in.OutboxBacklogQuery;
import dev.tristate.application.outbox.port.in.PurgeSentEventsUseCase;
import dev.tristate.application.outbox.port.in.RelayOutboxUseCase;
import dev.tristate.application.outbox.port.out.BacklogSampleStore;
import dev.tristate.application.outbox.port.out.EventPublisher;
import dev.tristate.application.outbox.port.out.OutboxRelayStore;
import dev.tristate.application.outbox.service.HousekeepingSettings;
import dev.tristate.application.outbox.service.OutboxServices;
import dev.tristate.application.outbox.service.RelaySettings;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.domain.outbox.RetryPolicy;
import dev.tristate.domain.outcome.Backoff;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.Random;
import org.springframework.amqp.rabbit.connection.ConnectionFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The outbox relay: the use cases as beans, the RabbitMQ publisher and topology, and the scheduler that runs the relay
 * in this process ({@code tristate.relay.enabled}, on by default). Every instance of the application may run it; the
 * outbox's leases keep the relays apart. See docs/outbox-relay.md.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(OutboxRelayWiring.RelayProperties.class)
class OutboxRelayWiring {

    /** {@code tristate.relay.*}; every duration in Spring's notation (500ms, 10s, 24h, 7d). */
    @ConfigurationProperties("tristate.relay")
    record RelayProperties(
            @DefaultValue("true") boolean enabled,
            @DefaultValue("100") int batchSize,
            @DefaultValue("3") int threads,
            @DefaultValue("500ms") Duration interval,
            @DefaultValue("30s") Duration maxPause,
            @DefaultValue("60s") Duration lease,
            @DefaultValue("10s") Duration confirmTimeout,
            @DefaultValue("24h") Duration retryWindow,
            @DefaultValue BackoffProperties backoff,
            @DefaultValue PurgeProperties purge,
            @DefaultValue("15s") Duration metricsInterval,
            @DefaultValue(EventTopology.DEFAULT_EXCHANGE) String exchange,
            @DefaultValue(EventTopology.DEFAULT_ENTITLEMENTS_QUEUE) String queue) {

        RelayProperties {
            // A lease shorter than a publish-and-confirm round would let a second relay publish every event again.
            if (lease.compareTo(confirmTimeout.multipliedBy(2)) <= 0) {
                throw new IllegalStateException("tristate.relay.lease (" + lease + ") must be more than twice"
                        + " tristate.relay.confirm-timeout (" + confirmTimeout + ")");
            }
        }
    }

    record BackoffProperties(@DefaultValue("1s") Duration initial, @DefaultValue("5m") Duration max,
                             @DefaultValue("2.0") double multiplier) {
    }

    record PurgeProperties(@DefaultValue("7d") Duration sentRetention, @DefaultValue("500") int batchSize,
                           @DefaultValue("5m") Duration interval, @DefaultValue("50ms") Duration batchPause) {
    }

    /**
     * Declares the exchange and queue on every new connection; the broker kind (queue arguments) is
     * {@code tristate.broker.kind} when set, else what the broker says it is.
     */
    @Bean
    EventTopologyDeclarer eventTopologyDeclarer(ConnectionFactory connectionFactory, RelayProperties relay,
                                                @Value("${tristate.broker.kind:}") String configuredKind) {
        EventTopologyDeclarer declarer = new EventTopologyDeclarer(relay.exchange(), relay.queue(),
                configuredKind.isBlank() ? null : BrokerKind.valueOf(configuredKind.trim()));
        connectionFactory.addConnectionListener(declarer);
        return declarer;
    }

    @Bean(destroyMethod = "close")
    RabbitEventPublisher rabbitEventPublisher(ConnectionFactory connectionFactory, RelayProperties relay,
                                              MeterRegistry meters, EventTopologyDeclarer eventTopologyDeclarer) {
        return new RabbitEventPublisher(connectionFactory, relay.exchange(), relay.confirmTimeout(), meters);
    }

    @Bean
    RelayOutboxUseCase relayOutbox(OutboxRelayStore store, EventPublisher publisher, Transactions transactions,
                                   CrashPoints crashPoints, Clock clock, RelayProperties relay) {
        Backoff backoff = new Backoff(relay.backoff().initial(), relay.backoff().max(), relay.backoff().multiplier());
        // java.util.Random is thread-safe: one service may serve several relay threads.
        return OutboxServices.relayOutbox(store, publisher, transactions, crashPoints, clock, new Random(),
                new RelaySettings(relay.batchSize(), relay.lease(), new RetryPolicy(backoff, relay.retryWindow())));
    }

    @Bean
    PurgeSentEventsUseCase purgeSentEvents(OutboxRelayStore store, Transactions transactions, Clock clock,
                                           RelayProperties relay) {
        return OutboxServices.purgeSentEvents(store, transactions, clock,
                new HousekeepingSettings(relay.purge().sentRetention(), relay.purge().batchSize()));
    }

    @Bean
    OutboxBacklogQuery outboxBacklog(OutboxRelayStore store, BacklogSampleStore samples, Clock clock) {
        return OutboxServices.outboxBacklog(store, samples, clock);
    }

    @Bean
    @ConditionalOnProperty(name = "tristate.relay.enabled", havingValue = "true", matchIfMissing = true)
    OutboxRelayScheduler outboxRelayScheduler(RelayOutboxUseCase relayOutbox, PurgeSentEventsUseCase purgeSentEvents,
                                              OutboxBacklogQuery outboxBacklog, RelayProperties relay, Clock clock,
                                              MeterRegistry meters) {
        return new OutboxRelayScheduler(relayOutbox, purgeSentEvents, outboxBacklog,
                new OutboxRelayScheduler.Settings(relay.interval(), relay.maxPause(), relay.purge().interval(),
                        relay.purge().batchPause(), relay.metricsInterval(), relay.threads()), clock, meters);
    }
}
