package dev.tristate.application.consumer.service;

import static dev.tristate.application.consumer.service.EntitlementsConsumerService.CONSUMER;

import dev.tristate.application.consumer.port.in.ConsumeEventUseCase.Acknowledge;
import dev.tristate.application.consumer.port.in.ConsumeEventUseCase.ConsumeResult;
import dev.tristate.application.consumer.port.in.ConsumeEventUseCase.Outcome;
import dev.tristate.application.consumer.port.in.ConsumeEventUseCase.RequeueAfter;
import dev.tristate.application.consumer.port.out.ConsumerDeliveryStore;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.in.ChangedMeanwhile;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.domain.consumer.ConsumerDelivery;
import dev.tristate.domain.consumer.ConsumerFailure;
import dev.tristate.domain.consumer.DeliveryStatus;
import dev.tristate.domain.consumer.InboundMessage;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * A message that arrived and failed, written to the consumer's delivery table instead of looping through the broker:
 * a transient failure is scheduled for a retry with backoff and jitter ({@link DeliveryRetries} takes it from there),
 * a permanent one and exhausted retries are quarantined with the original message and the attempt history. Either way
 * the message is then acknowledged; only when not even the failure can be written does the broker keep it, and give
 * it back after a pause. Separate from {@link EntitlementsConsumerService}, which applies what arrives: this is what
 * a failure takes, with a table and a retry policy of its own.
 */
final class DeliveryFailures {

    private final ConsumerDeliveryStore deliveries;
    private final Transactions transactions;
    private final Clock clock;
    private final RandomGenerator random;
    private final ConsumerSettings settings;

    DeliveryFailures(ConsumerDeliveryStore deliveries, Transactions transactions, Clock clock, RandomGenerator random,
                     ConsumerSettings settings) {
        this.deliveries = deliveries;
        this.transactions = transactions;
        this.clock = clock;
        this.random = random;
        this.settings = settings;
    }

    /** Records the message's failure; what the listener does with the message then. */
    ConsumeResult record(InboundMessage message, ConsumerFailure failure) {
        try {
            return new Acknowledge(recordFailure(message, failure), failure.describe());
        } catch (PersistenceFailure | ChangedMeanwhile e) {
            // Not even the failure could be written: the broker keeps the message, and gets it back after a pause.
            return new RequeueAfter(settings.requeuePause(), failure.describe() + "; not recorded: " + e.getMessage());
        }
    }

    private Outcome recordFailure(InboundMessage message, ConsumerFailure failure) {
        Instant now = clock.instant();
        double jitter = random.nextDouble();
        try {
            return transactions.inTransaction(() -> writeFailure(message, failure, now, jitter));
        } catch (PersistenceFailure.AlreadyExists raced) {
            // Another listener recorded the same delivery a moment ago: add this attempt to its row.
            return transactions.inTransaction(() -> writeFailure(message, failure, now, jitter));
        }
    }

    private Outcome writeFailure(InboundMessage message, ConsumerFailure failure, Instant now, double jitter) {
        Optional<ConsumerDelivery> known = deliveries.find(CONSUMER, message.deliveryKey());
        ConsumerDelivery next;
        if (known.isEmpty()) {
            next = ConsumerDelivery.firstFailure(CONSUMER, message, failure, settings.retryPolicy(), now, jitter);
            deliveries.insert(next);
        } else {
            next = known.get().afterFailure(failure, settings.retryPolicy(), now, jitter);
            if (!deliveries.update(next)) {
                throw new ChangedMeanwhile("the delivery changed while recording");
            }
        }
        return next.status() == DeliveryStatus.QUARANTINED ? Outcome.QUARANTINED : Outcome.RETRY_SCHEDULED;
    }
}
