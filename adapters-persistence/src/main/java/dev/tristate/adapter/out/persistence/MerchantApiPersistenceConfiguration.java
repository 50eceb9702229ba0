package dev.tristate.adapter.out.persistence;

import dev.tristate.application.port.out.IdempotencyStore;
import dev.tristate.application.port.out.RefundStore;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The merchant API's outbound ports on MyBatis. */
@Configuration(proxyBeanMethods = false)
class MerchantApiPersistenceConfiguration {

    @Bean
    IdempotencyStore idempotencyStore(IdempotencyKeyMapper mapper) {
        return new MyBatisIdempotencyStore(mapper);
    }

    @Bean
    RefundStore refundStore(RefundMapper mapper) {
        return new MyBatisRefundStore(mapper);
    }
}
