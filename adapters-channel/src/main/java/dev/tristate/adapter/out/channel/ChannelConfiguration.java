package dev.tristate.adapter.out.channel;

import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.context.annotation.FullyQualifiedAnnotationBeanNameGenerator;
import org.springframework.context.annotation.PropertySource;

/**
 * The channel adapters' beans: every channel's {@code ChannelNotificationFormat} (beans {@code
 * sandboxNotificationFormat}, {@code alipayNotificationFormat}, {@code stripeNotificationFormat}) and {@code
 * ChannelGateway} ({@code sandboxChannelGateway}).
 *
 * <p>Each channel's subpackage declares its own {@code @Configuration}, found here by scanning for configuration
 * classes only: a new channel (WeChat Pay next) is a new subpackage and nothing else, and this package never
 * names its subpackages, so there is no package cycle with the helpers they share from here. The configurations
 * found are named by their full class names: a host's own scanned configuration of the same simple name (the sandbox
 * simulator has one) cannot clash with them.
 */
@Configuration(proxyBeanMethods = false)
@PropertySource("classpath:tristate-channels.properties")
@ComponentScan(basePackageClasses = ChannelConfiguration.class, useDefaultFilters = false,
        includeFilters = @ComponentScan.Filter(type = FilterType.ANNOTATION, classes = Configuration.class),
        nameGenerator = FullyQualifiedAnnotationBeanNameGenerator.class)
public class ChannelConfiguration {
}
