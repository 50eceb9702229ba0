package dev.tristate.simulator.stripe;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.tomcat.TomcatConnectorCustomizer;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * A Stripe simulator: the part of Stripe's API v1 that Tristate uses (Checkout Sessions, PaymentIntents, Refunds,
 * balance transactions), a hosted pay page, signed webhooks re-sent with Stripe's backoff, and misbehaviour switches,
 * all under {@code tristate.stripe-simulator.path-prefix} (default {@code /simulators/stripe}). stripe-java talks to
 * it unmodified: its API base is the host's base URL plus that prefix.
 * <p>
 * It is the outside world from Tristate's point of view and depends on no Tristate module. The host imports this
 * configuration; it is active only with {@code tristate.stripe-simulator.enabled=true}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBooleanProperty(name = "tristate.stripe-simulator.enabled")
@EnableConfigurationProperties(StripeSimulatorProperties.class)
@ComponentScan(basePackageClasses = StripeSimulatorConfiguration.class)
public class StripeSimulatorConfiguration {

    @Bean
    FilterRegistrationBean<ApiFilter> stripeSimulatorApiFilter(StripeAccounts accounts, StripeBook books,
                                                              StripeSimulatorSettings settings) {
        FilterRegistrationBean<ApiFilter> registration =
                new FilterRegistrationBean<>(new ApiFilter(accounts, books, settings));
        registration.addUrlPatterns(settings.prefix() + "/v1/*", settings.prefix() + "/_simulator/*");
        // Before the host's own filters (security, sessions): an unauthenticated call never reaches them.
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 10);
        return registration;
    }

    /**
     * stripe-java leaves the brackets of its parameter names unencoded in a query string
     * ({@code created[gte]=...}, {@code expand[]=...}), as Stripe accepts them; Tomcat refuses them unless told.
     */
    @Bean
    TomcatConnectorCustomizer stripeSimulatorQueryBrackets() {
        return connector -> connector.setProperty("relaxedQueryChars", "[]");
    }
}
