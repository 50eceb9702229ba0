package dev.tristate.simulator.alipay;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;

/**
 * A fake Alipay open platform that the official SDK talks to unmodified: {@code gateway.do} with RSA2-signed requests
 * and answers, the cashier page, asynchronous notifications on Alipay's schedule, refunds and the daily bill, under
 * {@code tristate.alipay-simulator.path-prefix}. It is the outside world from Tristate's point of view and depends on
 * no Tristate module. The host imports this configuration; it is active only with
 * {@code tristate.alipay-simulator.enabled=true}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBooleanProperty(name = "tristate.alipay-simulator.enabled")
@EnableConfigurationProperties(AlipaySimulatorProperties.class)
@ComponentScan(basePackageClasses = AlipaySimulatorConfiguration.class)
public class AlipaySimulatorConfiguration {
}
