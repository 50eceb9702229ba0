package dev.tristate.adapter.in.web.callback;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;

/** The channel callback endpoints. */
@Configuration(proxyBeanMethods = false)
@ComponentScan(basePackageClasses = CallbackConfiguration.class)
public class CallbackConfiguration {

    /** The callbacks' own handler mapping, consulted before Spring MVC's annotated mappings. */
    @Bean
    CallbackHandlerMapping callbackHandlerMapping(ChannelCallbackController controller) {
        return new CallbackHandlerMapping(controller);
    }
}
