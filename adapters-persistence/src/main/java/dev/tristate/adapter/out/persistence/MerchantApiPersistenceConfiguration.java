package dev.tristate.adapter.out.persistence;

import dev.tristate.adapter.out.persistence.idempotency.IdempotencyKeyMapper;
import dev.tristate.adapter.out.persistence.idempotency.MyBatisIdempotencyStore;
import dev.tristate.adapter.out.persistence.refund.MyBatisRefundStore;
import dev.tristate.adapter.out.persistence.refund.RefundMapper;
import dev.tristate.application.idempotency.port.out.IdempotencyStore;
import dev.tristate.application.refund.port.out.RefundStore;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The merchant API's outbound ports on MyBatis. */
@Configuration(proxyBeanMethods = false)
public class MerchantApiPersistenceConfiguration {

    @Bean
    IdempotencyStore idempotencyStore(IdempotencyKeyMapper mapper) {
        return new MyBatisIdempotencyStore(mapper);
    }

    @Bean
    RefundStore refundStore(RefundMapper mapper) {
        return new MyBatisRefundStore(mapper);
    }
}
