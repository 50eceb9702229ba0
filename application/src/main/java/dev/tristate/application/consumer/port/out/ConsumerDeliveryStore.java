package dev.tristate.application.consumer.port.out;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.consumer.ConsumerDelivery;
import dev.tristate.domain.consumer.DeliveryStatus;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The messages consumers could not apply at once: retried from here on a schedule, or quarantined with the original
 * message, its headers, the consumer, the error and the attempt history. One row per (consumer, delivery key).
 */
public interface ConsumerDeliveryStore {

    Optional<ConsumerDelivery> find(String consumer, String deliveryKey);

    /** {@link PersistenceFailure.AlreadyExists} when the consumer has a row for this delivery key. */
    void insert(ConsumerDelivery delivery);

    /**
     * Writes {@code next} over the row only if the row is still at {@code next.version() - 1}; false when someone
     * else changed it meanwhile (nothing is written then).
     */
    boolean update(ConsumerDelivery next);

    /** The consumer's RETRYING deliveries due at {@code now}, the longest due first. */
    List<ConsumerDelivery> findDue(String consumer, Instant now, int limit);

    /** The newest deliveries in this status first. */
    List<ConsumerDelivery> findByStatus(DeliveryStatus status, int limit);

    long count(DeliveryStatus status);

    /** Every consumer's retried or quarantined deliveries of one message id (an event id), oldest first. */
    List<ConsumerDelivery> forMessage(String messageId);
}
