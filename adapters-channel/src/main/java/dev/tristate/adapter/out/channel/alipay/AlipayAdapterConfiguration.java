package dev.tristate.adapter.out.channel.alipay;

import dev.tristate.application.callback.port.out.ChannelNotificationFormat;
import dev.tristate.application.payment.port.out.ChannelGateway;
import java.time.Clock;
import java.time.Duration;
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
     * The trade query, for the resolver; only where Alipay is configured ({@code tristate.channels.alipay.*}), so that
     * a deployment without Alipay offers no Alipay payments.
     */
    @Bean
    @ConditionalOnProperty(prefix = "tristate.channels.alipay", name = "gateway-url")
    ChannelGateway alipayChannelGateway(Environment env) {
        return new AlipayChannelGateway(env.getRequiredProperty("tristate.channels.alipay.gateway-url"),
                env.getRequiredProperty("tristate.channels.alipay.app-private-key"),
                env.getRequiredProperty("tristate.channels.alipay.alipay-public-key"),
                env.getProperty("tristate.channels.alipay.connect-timeout", Duration.class, Duration.ofSeconds(2)),
                env.getProperty("tristate.channels.alipay.read-timeout", Duration.class, Duration.ofSeconds(5)),
                Clock.systemUTC());
    }
}
