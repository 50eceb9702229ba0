package dev.tristate.adapter.out.channel.stripe;

import dev.tristate.application.callback.port.out.ChannelNotificationFormat;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Stripe's beans; picked up by {@code ChannelConfiguration}. */
@Configuration(proxyBeanMethods = false)
public class StripeAdapterConfiguration {

    @Bean
    ChannelNotificationFormat stripeNotificationFormat() {
        return new StripeNotificationFormat();
    }
}
