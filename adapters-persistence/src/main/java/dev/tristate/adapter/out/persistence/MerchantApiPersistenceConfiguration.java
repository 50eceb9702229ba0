package dev.tristate.adapter.out.persistence;

import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class MerchantApiPersistenceConfiguration {
}
