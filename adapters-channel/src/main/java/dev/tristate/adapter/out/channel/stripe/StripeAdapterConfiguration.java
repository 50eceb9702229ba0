package dev.tristate.adapter.out.channel.stripe;

import dev.tristate.application.callback.port.out.ChannelNotificationFormat;
import dev.tristate.application.payment.port.out.ChannelGateway;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/** Stripe's beans; picked up by {@code ChannelConfiguration}. */
@Configuration(proxyBeanMethods = false)
public class StripeAdapterConfiguration {

    @Bean
    ChannelNotificationFormat stripeNotificationFormat() {
        return new StripeNotificationFormat();
    }

    /**
     * Checkout, queries, refunds and statements; only where Stripe's API base is configured
     * ({@code tristate.channels.stripe.api-base}: {@code https://api.stripe.com}, or a simulator's), so that a
     * deployment without Stripe offers no Stripe payments. The secret keys are each tenant's, from the host
     * ({@link StripeSecretKeys} bean); without one every call fails definitely, unsent.
     */
    @Bean
    @ConditionalOnProperty(prefix = "tristate.channels.stripe", name = "api-base")
    ChannelGateway stripeChannelGateway(Environment env, ObjectProvider<StripeSecretKeys> keys,
                                        ObjectProvider<Clock> clock) {
        String prefix = "tristate.channels.stripe.";
        // The API base is read at each call: the embedded default's names local.server.port, known once the web
        // server is up.
        StripeGatewaySettings settings = new StripeGatewaySettings(
                () -> env.getRequiredProperty(prefix + "api-base"),
                env.getProperty(prefix + "connect-timeout", Duration.class, Duration.ofSeconds(2)),
                env.getProperty(prefix + "read-timeout", Duration.class, Duration.ofSeconds(10)),
                env.getProperty(prefix + "success-url"),
                env.getProperty(prefix + "cancel-url"),
                env.getProperty(prefix + "session-expiry", Duration.class, Duration.ofHours(1)),
                env.getProperty(prefix + "max-statement-transactions", Integer.class, 100_000));
        StripeSecretKeys none = account -> Optional.empty();
        return new StripeChannelGateway(settings, account -> keys.getIfAvailable(() -> none).secretKeyOf(account),
                clock.getIfUnique(Clock::systemUTC));
    }
}
