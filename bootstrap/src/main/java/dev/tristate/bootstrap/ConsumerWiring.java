package dev.tristate.bootstrap;

import dev.tristate.adapter.in.messaging.DeliveryTracing;
import dev.tristate.adapter.in.messaging.EntitlementsListener;
import dev.tristate.adapter.in.messaging.JsonEventPayloadReader;
import dev.tristate.adapter.in.messaging.RepeatingRounds;
import dev.tristate.application.consumer.port.in.ConsumeEventUseCase;
import dev.tristate.application.consumer.port.in.PaymentEntitlementsQuery;
import dev.tristate.application.consumer.port.in.RetryConsumerDeliveriesUseCase;
import dev.tristate.application.consumer.port.out.ConsumerDeliveryStore;
import dev.tristate.application.consumer.port.out.EntitlementStore;
import dev.tristate.application.consumer.port.out.EventPayloadReader;
import dev.tristate.application.consumer.port.out.Inbox;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.consumer.service.ConsumerServices;
import dev.tristate.application.consumer.service.ConsumerSettings;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.domain.consumer.ConsumerRetryPolicy;
import dev.tristate.domain.outcome.Backoff;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.Random;
import org.springframework.amqp.rabbit.connection.ConnectionFactory;
import org.springframework.amqp.rabbit.listener.SimpleMessageListenerContainer;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The entitlements consumer: the use cases as beans, the listener container on the entitlements queue (manual acks)
 * and the scheduled redelivery of failed messages, both in this process when {@code tristate.consumers.enabled} (on
 * by default; every instance may run them). See docs/consumers.md.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ConsumerWiring.ConsumerProperties.class)
class ConsumerWiring {

    /** {@code tristate.consumers.*}. */
    @ConfigurationProperties("tristate.consumers")
    record ConsumerProperties(@DefaultValue("true") boolean enabled,
                              @DefaultValue EntitlementsProperties entitlements,
                              @DefaultValue RetryProperties retry,
                              @DefaultValue("5s") Duration requeuePause) {
    }

    record EntitlementsProperties(@DefaultValue("20") int prefetch, @DefaultValue("2") int concurrency,
                                  @DefaultValue("4") int maxConcurrency, @DefaultValue("20") int batchSize,
                                  @DefaultValue("5ms") Duration batchWait) {
    }

    record RetryProperties(@DefaultValue("8") int maxAttempts, @DefaultValue("1h") Duration window,
                           @DefaultValue OutboxRelayWiring.BackoffProperties backoff,
                           @DefaultValue("1s") Duration interval, @DefaultValue("30s") Duration maxPause,
                           @DefaultValue("50") int batchSize, @DefaultValue("60s") Duration lease) {
    }

    /**
     * Each consumer thread holds one connection of the general pool while it applies a message, and the retry runner
     * one more; the rest of the pool serves the relay and the merchant API. So the consumers may take at most half of
     * it: the application refuses to start otherwise, instead of starving the API under a backlog.
     */
    static void requireRoomInThePool(ConsumerProperties consumers, int generalPoolSize) {
        int needed = consumers.entitlements().maxConcurrency() + 1;
        if (needed * 2 > generalPoolSize) {
            throw new IllegalStateException("tristate.consumers.entitlements.max-concurrency ("
                    + consumers.entitlements().maxConcurrency() + ") plus the retry runner would take more than half"
                    + " of the general connection pool (spring.datasource.hikari.maximum-pool-size = "
                    + generalPoolSize + "): lower the concurrency or enlarge the pool to at least " + needed * 2);
        }
    }

    @Bean
    EventPayloadReader eventPayloadReader() {
        return new JsonEventPayloadReader();
    }

    @Bean
    ConsumerServices.EntitlementsConsumer entitlementsConsumer(EventPayloadReader reader, Inbox inbox,
            EntitlementStore entitlements, ConsumerDeliveryStore deliveries, TaskStore tasks, PaymentRepository payments,
            Transactions transactions, CrashPoints crashPoints, Clock clock, ConsumerProperties consumers) {
        RetryProperties retry = consumers.retry();
        Backoff backoff = new Backoff(retry.backoff().initial(), retry.backoff().max(), retry.backoff().multiplier());
        return ConsumerServices.entitlementsConsumer(reader, inbox, entitlements, deliveries, tasks, payments,
                transactions, crashPoints, clock, new Random(), new ConsumerSettings(new ConsumerRetryPolicy(backoff,
                retry.maxAttempts(), retry.window()), retry.batchSize(), retry.lease(), consumers.requeuePause()));
    }

    @Bean
    ConsumeEventUseCase consumeEvent(ConsumerServices.EntitlementsConsumer entitlementsConsumer) {
        return entitlementsConsumer.consume();
    }

    @Bean
    RetryConsumerDeliveriesUseCase retryConsumerDeliveries(ConsumerServices.EntitlementsConsumer entitlementsConsumer) {
        return entitlementsConsumer.retry();
    }

    @Bean
    PaymentEntitlementsQuery paymentEntitlements(EntitlementStore entitlements) {
        return ConsumerServices.paymentEntitlements(entitlements);
    }

    @Bean
    @ConditionalOnProperty(name = "tristate.consumers.enabled", havingValue = "true", matchIfMissing = true)
    SimpleMessageListenerContainer entitlementsListenerContainer(ConnectionFactory connectionFactory,
            ConsumeEventUseCase consumer, ConsumerProperties consumers,
            OutboxRelayWiring.RelayProperties relay, MeterRegistry meters, DeliveryTracing tracing,
            @Value("${spring.datasource.hikari.maximum-pool-size:10}") int generalPoolSize) {
        requireRoomInThePool(consumers, generalPoolSize);
        EntitlementsProperties settings = consumers.entitlements();
        return EntitlementsListener.container(connectionFactory, new EntitlementsListener.Settings(relay.queue(),
                        settings.prefetch(), settings.concurrency(), settings.maxConcurrency(),
                        consumers.requeuePause(), Math.min(settings.batchSize(), settings.prefetch()),
                        settings.batchWait()),
                new EntitlementsListener(consumer, consumers.requeuePause(), meters, tracing));
    }

    @Bean
    @ConditionalOnProperty(name = "tristate.consumers.enabled", havingValue = "true", matchIfMissing = true)
    RepeatingRounds consumerRetryRounds(RetryConsumerDeliveriesUseCase consumer, ConsumerProperties consumers,
                                        MeterRegistry meters) {
        RetryProperties retry = consumers.retry();
        Counter retried = Counter.builder("tristate.consumer.retries").tag("consumer", "entitlements")
                .description("Failed deliveries the consumer's scheduled redelivery took up again").register(meters);
        return new RepeatingRounds("consumer-retries", () -> {
            int taken = consumer.retryDue();
            retried.increment(taken);
            return taken;
        }, retry.interval(), retry.maxPause(), retry.batchSize());
    }
}
