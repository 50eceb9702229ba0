package dev.tristate.application.consumer.port.in;

/**
 * One round of scheduled redelivery: claims the consumer's due retries (compare-and-set on their version, so runners
 * in several processes never take the same one) and applies each again, quarantining those out of retries.
 */
public interface RetryConsumerDeliveriesUseCase {

    /** @return how many due deliveries this round took */
    int retryDue();
}
