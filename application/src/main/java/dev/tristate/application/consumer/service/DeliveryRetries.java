package dev.tristate.application.consumer.service;

import static dev.tristate.application.consumer.service.EntitlementsConsumerService.CONSUMER;

import dev.tristate.application.consumer.port.in.RetryConsumerDeliveriesUseCase;
import dev.tristate.application.consumer.port.out.ConsumerDeliveryStore;
import dev.tristate.application.consumer.service.SingleApplication.Attempt;
import dev.tristate.application.consumer.service.SingleApplication.Done;
import dev.tristate.application.consumer.service.SingleApplication.Failed;
import dev.tristate.domain.consumer.ConsumerDelivery;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The entitlements consumer's due retries, taken from its delivery table ({@link DeliveryFailures} wrote them) rather
 * than from the broker: each is claimed by a compare-and-set that pushes its next try out by the lease, applied again
 * as a message alone, and then applied, scheduled again or quarantined. Separate from
 * {@link EntitlementsConsumerService}: a round of the scheduler, not a message that arrives.
 */
final class DeliveryRetries implements RetryConsumerDeliveriesUseCase {

    private final ConsumerDeliveryStore deliveries;
    private final SingleApplication single;
    private final Clock clock;
    private final RandomGenerator random;
    private final ConsumerSettings settings;

    DeliveryRetries(ConsumerDeliveryStore deliveries, SingleApplication single, Clock clock, RandomGenerator random,
                    ConsumerSettings settings) {
        this.deliveries = deliveries;
        this.single = single;
        this.clock = clock;
        this.random = random;
        this.settings = settings;
    }

    @Override
    public int retryDue() {
        Instant now = clock.instant();
        List<ConsumerDelivery> due = deliveries.findDue(CONSUMER, now, settings.retryBatchSize());
        int taken = 0;
        for (ConsumerDelivery delivery : due) {
            ConsumerDelivery claimed = delivery.claimedUntil(now.plus(settings.retryLease()), now);
            if (!deliveries.update(claimed)) {
                continue;
            }
            taken++;
            Attempt attempt = single.attempt(claimed.message());
            Instant after = clock.instant();
            ConsumerDelivery next = attempt instanceof Done done
                    ? claimed.applied(after, done.outcome() + " " + done.detail())
                    : claimed.afterFailure(((Failed) attempt).failure(), settings.retryPolicy(), after,
                            random.nextDouble());
            // A lost compare-and-set means the lease ran out and another runner took it over: it decides.
            deliveries.update(next);
        }
        return taken;
    }
}
