package dev.tristate.sandbox;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * The sandbox channel: a fake payment channel (PSP) with trades, a pay page, signed notifications with retries,
 * a status query, a daily statement and per-trade fault switches, all under {@code /sandbox-channel/**}. Every
 * endpoint but the pay page answers only a merchant's signed requests ({@link MerchantRequestVerification}).
 * <p>
 * It is the outside world from Tristate's point of view and depends on no Tristate module. The host imports this
 * configuration; it is active only with {@code tristate.sandbox-channel.enabled=true}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBooleanProperty(name = "tristate.sandbox-channel.enabled")
@EnableConfigurationProperties(SandboxChannelProperties.class)
@ComponentScan(basePackageClasses = SandboxChannelConfiguration.class)
public class SandboxChannelConfiguration {

    @Bean
    FilterRegistrationBean<MerchantRequestVerification> sandboxMerchantRequestVerification(
            SandboxMerchants merchants, SandboxChannelSettings settings) {
        FilterRegistrationBean<MerchantRequestVerification> registration =
                new FilterRegistrationBean<>(new MerchantRequestVerification(merchants, settings));
        registration.addUrlPatterns("/sandbox-channel/*");
        // Before the host's own filters (security, sessions): a refused request never reaches them.
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 10);
        return registration;
    }
}
