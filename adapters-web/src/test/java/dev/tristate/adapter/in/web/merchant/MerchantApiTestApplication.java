package dev.tristate.adapter.in.web.merchant;

import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The merchant API's web adapter alone, on the real application services over in-memory fakes (see
 * {@link MerchantApiDouble}). Deliberately not a {@code @SpringBootConfiguration}: tests name it, nothing finds it.
 */
@Configuration(proxyBeanMethods = false)
@EnableAutoConfiguration
@Import(MerchantApiConfiguration.class)
class MerchantApiTestApplication {

    @Bean
    MerchantApiDouble merchantApi() {
        return new MerchantApiDouble();
    }
}
