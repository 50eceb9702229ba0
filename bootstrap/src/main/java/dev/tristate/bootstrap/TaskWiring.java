package dev.tristate.bootstrap;

import dev.tristate.adapter.in.messaging.RepeatingRounds;
import dev.tristate.adapter.out.webhook.HttpTenantNotifier;
import dev.tristate.adapter.out.webhook.WebhookEndpointRules;
import dev.tristate.application.consumer.port.in.RunTasksUseCase;
import dev.tristate.application.consumer.port.out.EntitlementStore;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.consumer.port.out.TenantNotifier;
import dev.tristate.application.consumer.service.ConsumerServices;
import dev.tristate.application.consumer.service.TaskSettings;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.application.shared.port.out.TraceContext;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.tenant.port.in.ConfigureTenantWebhookUseCase;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.application.tenant.port.out.TenantWebhooks;
import dev.tristate.application.tenant.port.out.WebhookEndpointPolicy;
import dev.tristate.application.tenant.service.TenantServices;
import dev.tristate.domain.consumer.ConsumerRetryPolicy;
import dev.tristate.domain.outcome.Backoff;
import java.time.Clock;
import java.time.Duration;
import java.util.Random;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Tasks: side effects outside the database (telling the tenant's service about a grant), run in this process when
 * {@code tristate.tasks.enabled} (on by default; every instance may run them). See docs/consumers.md.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({TaskWiring.TaskProperties.class, TaskWiring.WebhookProperties.class})
class TaskWiring {

    /**
     * {@code tristate.webhooks.*}: the network rule for tenants' endpoints, checked when one is set and before every
     * notice. Strict by default (production); the embedded default relaxes both so that local demos work.
     */
    @ConfigurationProperties("tristate.webhooks")
    record WebhookProperties(@DefaultValue("true") boolean requireHttps,
                             @DefaultValue("false") boolean allowPrivateNetworks) {
    }

    @Bean
    WebhookEndpointPolicy webhookEndpointPolicy(WebhookProperties webhooks) {
        return new WebhookEndpointRules(webhooks.requireHttps(), webhooks.allowPrivateNetworks());
    }

    /** {@code tristate.tasks.*}. */
    @ConfigurationProperties("tristate.tasks")
    record TaskProperties(@DefaultValue("true") boolean enabled, @DefaultValue("1s") Duration interval,
                          @DefaultValue("30s") Duration maxPause, @DefaultValue("20") int batchSize,
                          @DefaultValue("60s") Duration lease, @DefaultValue("10") int maxAttempts,
                          @DefaultValue("24h") Duration window,
                          @DefaultValue OutboxRelayWiring.BackoffProperties backoff,
                          @DefaultValue("2s") Duration connectTimeout, @DefaultValue("10s") Duration readTimeout) {

        TaskProperties {
            // A lease shorter than one call would let a second runner call again while the first still waits.
            if (lease.compareTo(connectTimeout.plus(readTimeout).multipliedBy(2)) <= 0) {
                throw new IllegalStateException("tristate.tasks.lease (" + lease + ") must be more than twice"
                        + " tristate.tasks.connect-timeout + read-timeout (" + connectTimeout.plus(readTimeout) + ")");
            }
        }
    }

    @Bean
    TenantNotifier tenantNotifier(TaskProperties tasks, WebhookEndpointPolicy endpoints, Clock clock,
                                  TraceContext trace) {
        return new HttpTenantNotifier(tasks.connectTimeout(), tasks.readTimeout(), endpoints, clock, trace);
    }

    @Bean
    RunTasksUseCase runTasks(TaskStore store, PaymentRepository payments, TenantWebhooks webhooks,
                             ChannelCredentialStore credentials, TenantNotifier notifier, CrashPoints crashPoints,
                             Clock clock, TaskProperties tasks, EntitlementStore entitlements,
                             Transactions transactions, TraceContext trace) {
        Backoff backoff = new Backoff(tasks.backoff().initial(), tasks.backoff().max(), tasks.backoff().multiplier());
        return ConsumerServices.runTasks(store, payments, webhooks, credentials, notifier, crashPoints, clock,
                new Random(),
                new TaskSettings(new ConsumerRetryPolicy(backoff, tasks.maxAttempts(), tasks.window()),
                        tasks.batchSize(), tasks.lease()),
                entitlements, transactions, trace);
    }

    @Bean
    ConfigureTenantWebhookUseCase configureTenantWebhook(TenantWebhooks webhooks, WebhookEndpointPolicy endpoints,
                                                         Clock clock) {
        return TenantServices.configureTenantWebhook(webhooks, endpoints, clock);
    }

    @Bean
    @ConditionalOnProperty(name = "tristate.tasks.enabled", havingValue = "true", matchIfMissing = true)
    RepeatingRounds taskRounds(RunTasksUseCase runner, TaskProperties tasks) {
        return new RepeatingRounds("tasks", runner::runDue, tasks.interval(), tasks.maxPause(), tasks.batchSize());
    }
}
