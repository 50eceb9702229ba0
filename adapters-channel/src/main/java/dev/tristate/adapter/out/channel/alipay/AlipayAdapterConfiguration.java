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

    /** The seller ids are the host's ({@link AlipaySellerIds} bean); without one, no seller is required. */
    @Bean
    ChannelNotificationFormat alipayNotificationFormat(ObjectProvider<AlipaySellerIds> sellerIds) {
        return new AlipayNotificationFormat(appId -> sellerIds.getIfAvailable(() -> AlipaySellerIds.NONE)
                .sellerIdOf(appId));
    }

    /**
     * Only where Alipay's gateway is configured ({@code tristate.channels.alipay.gateway-url}), so that a deployment
     * without Alipay offers no Alipay payments; trades are created only with {@code notify-url} set. The keys and
     * seller ids are each tenant's, from the host ({@link AlipayAppKeys}, {@link AlipaySellerIds} beans); without
     * keys every call fails definitely, unsent.
     */
    @Bean
    @ConditionalOnProperty(prefix = "tristate.channels.alipay", name = "gateway-url")
    ChannelGateway alipayChannelGateway(Environment env, ObjectProvider<AlipayAppKeys> keys,
                                        ObjectProvider<AlipaySellerIds> sellerIds) {
        String prefix = "tristate.channels.alipay.";
        // Read at each call: the embedded default's URLs name local.server.port, known once the web server is up.
        AlipayGatewaySettings settings = new AlipayGatewaySettings(
                () -> env.getRequiredProperty(prefix + "gateway-url"),
                () -> env.getProperty(prefix + "notify-url"),
                env.getProperty(prefix + "trade-timeout", Duration.class, Duration.ofMinutes(30)),
                env.getProperty(prefix + "connect-timeout", Duration.class, Duration.ofSeconds(2)),
                env.getProperty(prefix + "read-timeout", Duration.class, Duration.ofSeconds(5)));
        return new AlipayChannelGateway(settings,
                appId -> keys.getIfAvailable(() -> none -> AlipayAppKeys.Keys.NONE).of(appId),
                appId -> sellerIds.getIfAvailable(() -> AlipaySellerIds.NONE).sellerIdOf(appId),
                Clock.systemUTC());
    }
}
