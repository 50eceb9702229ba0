package dev.tristate.adapter.out.persistence;

import dev.tristate.application.port.out.ConsumerDeliveryStore;
import dev.tristate.application.port.out.EntitlementStore;
import dev.tristate.application.port.out.Inbox;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The consumers' stores: inbox, entitlements (with memberships and the token ledger), retries and quarantine. */
@Configuration(proxyBeanMethods = false)
class ConsumerPersistenceConfiguration {

    @Bean
    Inbox inbox(ConsumerMapper mapper) {
        return new MyBatisInbox(mapper);
    }

    @Bean
    EntitlementStore entitlementStore(EntitlementMapper mapper) {
        return new MyBatisEntitlementStore(mapper);
    }

    @Bean
    ConsumerDeliveryStore consumerDeliveryStore(ConsumerMapper mapper) {
        return new MyBatisConsumerDeliveryStore(mapper);
    }
}
