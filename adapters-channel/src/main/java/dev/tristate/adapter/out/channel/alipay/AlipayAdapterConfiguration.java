package dev.tristate.adapter.out.channel.alipay;

import dev.tristate.application.callback.port.out.ChannelNotificationFormat;
import dev.tristate.application.payment.port.out.ChannelGateway;
import java.time.Clock;
import java.time.Duration;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/** Alipay's beans; picked up by {@code ChannelConfiguration}. */
@Configuration(proxyBeanMethods = false)
public class AlipayAdapterConfiguration {

    @Bean
    ChannelNotificationFormat alipayNotificationFormat() {
        return new AlipayNotificationFormat();
    }

    /**
     * The trade query, for the resolver; only where Alipay's gateway is configured
     * ({@code tristate.channels.alipay.gateway-url}), so that a deployment without Alipay offers no Alipay payments.
     * The keys are each tenant's, from the host ({@link AlipayAppKeys} bean); without one every query fails
     * definitely, unsent.
     */
    @Bean
    @ConditionalOnProperty(prefix = "tristate.channels.alipay", name = "gateway-url")
    ChannelGateway alipayChannelGateway(Environment env, ObjectProvider<AlipayAppKeys> keys) {
        return new AlipayChannelGateway(env.getRequiredProperty("tristate.channels.alipay.gateway-url"),
                appId -> keys.getIfAvailable(() -> none -> AlipayAppKeys.Keys.NONE).of(appId),
                env.getProperty("tristate.channels.alipay.connect-timeout", Duration.class, Duration.ofSeconds(2)),
                env.getProperty("tristate.channels.alipay.read-timeout", Duration.class, Duration.ofSeconds(5)),
                Clock.systemUTC());
    }
}
