package dev.tristate.bootstrap;

import dev.tristate.application.idempotency.port.in.PurgeExpiredIdempotencyKeysUseCase;
import dev.tristate.application.idempotency.port.out.IdempotencyStore;
import dev.tristate.application.idempotency.service.IdempotencyServices;
import dev.tristate.application.shared.port.out.Transactions;
import java.time.Clock;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Deletes the merchant API's Idempotency-Keys past their retention ({@code tristate.merchant-api.idempotency
 * .retention}, 24 h by default) every {@code tristate.merchant-api.idempotency.purge-interval}, in batches of
 * {@code purge-batch-size}. Every instance may run it: each delete re-checks the expiry, so two purgers only share
 * the work.
 */
@Configuration(proxyBeanMethods = false)
public class IdempotencyHousekeepingWiring {

    @Bean
    PurgeExpiredIdempotencyKeysUseCase purgeExpiredIdempotencyKeys(
            IdempotencyStore store, Transactions transactions, Clock clock,
            @Value("${tristate.merchant-api.idempotency.purge-batch-size:500}") int batchSize) {
        return IdempotencyServices.purgeExpiredIdempotencyKeys(store, transactions, clock, batchSize);
    }

    @Bean
    @ConditionalOnProperty(name = "tristate.merchant-api.idempotency.purge-enabled", havingValue = "true",
            matchIfMissing = true)
    PeriodicTask idempotencyPurge(PurgeExpiredIdempotencyKeysUseCase purge,
                                  @Value("${tristate.merchant-api.idempotency.purge-interval:10m}") Duration interval,
                                  @Value("${tristate.merchant-api.idempotency.purge-batch-size:500}") int batchSize) {
        return new PeriodicTask("tristate-idempotency-purge", interval, () -> {
            int deleted;
            int total = 0;
            do {
                deleted = purge.purgeOnce();
                total += deleted;
            } while (deleted == batchSize);
            return total == 0 ? null : "deleted " + total + " expired Idempotency-Keys";
        });
    }
}
