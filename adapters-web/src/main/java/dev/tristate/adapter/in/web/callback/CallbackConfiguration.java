package dev.tristate.adapter.in.web.callback;

import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;

/** The channel callback endpoints. */
@Configuration(proxyBeanMethods = false)
@ComponentScan(basePackageClasses = CallbackConfiguration.class)
public class CallbackConfiguration {

    /** Ahead of Spring Security's filter chain (order -100), whose firewall would refuse these in its own words. */
    static final int ODD_CALLBACK_FILTER_ORDER = -101;

    /** The callbacks' own handler mapping, consulted before Spring MVC's annotated mappings. */
    @Bean
    CallbackHandlerMapping callbackHandlerMapping(ChannelCallbackController controller) {
        return new CallbackHandlerMapping(controller);
    }

    @Bean
    FilterRegistrationBean<OddCallbackFilter> oddCallbackFilter(ChannelCallbackController controller) {
        FilterRegistrationBean<OddCallbackFilter> registration =
                new FilterRegistrationBean<>(new OddCallbackFilter(controller));
        // Every path: the container maps filters by the decoded, normalised path, in which /callbacks/%2e%2e/x is
        // no longer under /callbacks/. The filter looks at the raw path itself.
        registration.addUrlPatterns("/*");
        registration.setOrder(ODD_CALLBACK_FILTER_ORDER);
        return registration;
    }
}
