package dev.tristate.sandbox;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;

/**
 * The sandbox channel: a fake payment channel (PSP) with trades, a pay page, signed notifications with retries,
 * a status query, a daily statement and per-trade fault switches, all under {@code /sandbox-channel/**}.
 * <p>
 * It is the outside world from Tristate's point of view and depends on no Tristate module. The host imports this
 * configuration; it is active only with {@code tristate.sandbox-channel.enabled=true}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBooleanProperty(name = "tristate.sandbox-channel.enabled")
@EnableConfigurationProperties(SandboxChannelProperties.class)
@ComponentScan(basePackageClasses = SandboxChannelConfiguration.class)
public class SandboxChannelConfiguration {
}
