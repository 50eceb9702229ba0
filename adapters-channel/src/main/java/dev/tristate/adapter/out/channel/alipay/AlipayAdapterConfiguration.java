package dev.tristate.adapter.out.channel.alipay;

import dev.tristate.application.port.out.ChannelNotificationFormat;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Alipay's beans; picked up by {@code ChannelConfiguration}. */
@Configuration(proxyBeanMethods = false)
public class AlipayAdapterConfiguration {

    @Bean
    ChannelNotificationFormat alipayNotificationFormat() {
        return new AlipayNotificationFormat();
    }
}
