package dev.tristate.adapter.out.channel.wechat;

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

/** WeChat Pay's beans; picked up by {@code ChannelConfiguration}. */
@Configuration(proxyBeanMethods = false)
public class WechatAdapterConfiguration {

    @Bean
    ChannelNotificationFormat wechatNotificationFormat() {
        return new WechatNotificationFormat();
    }

    /**
     * Orders, queries, closes, refunds and bills; only where WeChat Pay's API base is configured
     * ({@code tristate.channels.wechat.api-base}: {@code https://api.mch.weixin.qq.com}, or a simulator's), so that a
     * deployment without WeChat Pay offers no WeChat Pay payments. The keys are each tenant's, from the host
     * ({@link WechatMerchantKeys} bean); without them every call fails definitely, unsent.
     */
    @Bean
    @ConditionalOnProperty(prefix = "tristate.channels.wechat", name = "api-base")
    ChannelGateway wechatChannelGateway(Environment env, ObjectProvider<WechatMerchantKeys> keys,
                                        ObjectProvider<Clock> clock) {
        String prefix = "tristate.channels.wechat.";
        // Read at each call: the embedded default names local.server.port, known once the web server is up.
        WechatGatewaySettings settings = new WechatGatewaySettings(
                () -> env.getRequiredProperty(prefix + "api-base"),
                () -> env.getRequiredProperty(prefix + "notify-url"),
                env.getProperty(prefix + "connect-timeout", Duration.class, Duration.ofSeconds(2)),
                env.getProperty(prefix + "read-timeout", Duration.class, Duration.ofSeconds(10)),
                env.getProperty(prefix + "order-expiry", Duration.class, Duration.ofHours(2)),
                env.getProperty(prefix + "h5-payer-ip", "127.0.0.1"));
        WechatMerchantKeys none = mchid -> Optional.empty();
        return new WechatChannelGateway(settings, mchid -> keys.getIfAvailable(() -> none).keysOf(mchid),
                clock.getIfUnique(Clock::systemUTC));
    }
}
