package dev.tristate.adapter.out.channel.sandbox;

import dev.tristate.application.callback.port.out.ChannelNotificationFormat;
import dev.tristate.application.payment.port.out.ChannelGateway;
import java.net.URI;
import java.time.Clock;
import java.util.Optional;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/** The sandbox channel's beans; picked up by {@code ChannelConfiguration}. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SandboxGatewayProperties.class)
public class SandboxAdapterConfiguration {

    @Bean
    ChannelNotificationFormat sandboxNotificationFormat() {
        return new SandboxNotificationFormat();
    }

    /**
     * The merchants' secrets come from the host ({@link SandboxMerchantSecrets} bean); without one every request to
     * the sandbox fails definitely, unsent.
     */
    @Bean
    ChannelGateway sandboxChannelGateway(SandboxGatewayProperties properties, Environment env,
                                         ObjectProvider<SandboxMerchantSecrets> secrets, ObjectProvider<Clock> clock) {
        SandboxMerchantSecrets noSecrets = merchant -> Optional.empty();
        // Resolved at each call: the default names local.server.port, known only once the web server is up.
        return new SandboxChannelGateway(
                () -> URI.create(env.getProperty("tristate.channels.sandbox.base-url", properties.baseUrl().toString())),
                properties.connectTimeout(), properties.readTimeout(),
                merchant -> secrets.getIfAvailable(() -> noSecrets).newestSecret(merchant),
                clock.getIfUnique(Clock::systemUTC));
    }
}
