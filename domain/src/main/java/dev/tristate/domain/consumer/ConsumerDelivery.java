package dev.tristate.domain.consumer;

import dev.tristate.domain.outbox.RetryDecision;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A message one consumer could not apply when the broker delivered it: kept in the database with everything it came
 * with, retried from there on a schedule (no requeue loop through the broker), or quarantined with its attempt
 * history. {@code version} guards every write (compare-and-set), so a listener and a retry runner, or two retry
 * runners, never both decide about the same delivery.
 */
public record ConsumerDelivery(String consumer, InboundMessage message, DeliveryStatus status, int attempts,
                               Instant firstFailedAt, Instant nextAttemptAt, String lastError,
                               List<DeliveryAttempt> history, Instant createdAt, Instant updatedAt, long version) {

    public ConsumerDelivery {
        if (consumer == null || consumer.isBlank()) {
            throw new IllegalArgumentException("consumer is required");
        }
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(firstFailedAt, "first failure");
        Objects.requireNonNull(nextAttemptAt, "next attempt");
        Objects.requireNonNull(createdAt, "created at");
        Objects.requireNonNull(updatedAt, "updated at");
        history = List.copyOf(history);
        if (attempts < 1 || history.isEmpty()) {
            throw new IllegalArgumentException("a delivery is recorded after a failed attempt");
        }
    }

    public String deliveryKey() {
        return message.deliveryKey();
    }

    /** The first failure of a message: retrying or quarantined, as the policy decides. */
    public static ConsumerDelivery firstFailure(String consumer, InboundMessage message, ConsumerFailure failure,
                                                ConsumerRetryPolicy policy, Instant now, double jitter) {
        RetryDecision decision = policy.afterFailure(1, now, failure, now, jitter);
        return decided(consumer, message, decision, failure, List.of(), now, now, 0);
    }

    /**
     * Another failed attempt: a scheduled retry, or the broker delivering the same message again. A quarantined
     * delivery stays quarantined (its history grows): only a person releases it.
     */
    public ConsumerDelivery afterFailure(ConsumerFailure failure, ConsumerRetryPolicy policy, Instant now,
                                        double jitter) {
        int attempted = attempts + 1;
        RetryDecision decision = status == DeliveryStatus.QUARANTINED
                ? new RetryDecision.Quarantine(attempted, firstFailedAt)
                : policy.afterFailure(attempted, firstFailedAt, failure, now, jitter);
        return decided(consumer, message, decision, failure, history, createdAt, now, version + 1);
    }

    /** A later attempt applied the message, or found it applied already. */
    public ConsumerDelivery applied(Instant now, String result) {
        List<DeliveryAttempt> more = new ArrayList<>(history);
        more.add(new DeliveryAttempt(attempts + 1, now, "APPLIED: " + result));
        return new ConsumerDelivery(consumer, message, DeliveryStatus.APPLIED, attempts + 1, firstFailedAt, now,
                lastError, more, createdAt, now, version + 1);
    }

    /**
     * A person releases a quarantined delivery: it is due again at once, for one more attempt through the retry runner
     * (the same message, the same id: the consumer's inbox makes a message already applied a duplicate). A delivery
     * that fails again is quarantined again (its attempts are spent).
     */
    public ConsumerDelivery released(Instant now, String by) {
        return decidedByPerson(DeliveryStatus.RETRYING, now, "RELEASED by " + by);
    }

    /** A person gives up on a quarantined delivery for good: kept, never tried again. */
    public ConsumerDelivery discarded(Instant now, String by) {
        return decidedByPerson(DeliveryStatus.DISCARDED, now, "DISCARDED by " + by);
    }

    private ConsumerDelivery decidedByPerson(DeliveryStatus next, Instant now, String what) {
        if (status != DeliveryStatus.QUARANTINED) {
            throw new IllegalStateException("only a quarantined delivery is released or discarded");
        }
        List<DeliveryAttempt> more = new ArrayList<>(history);
        more.add(new DeliveryAttempt(attempts, now, what));
        return new ConsumerDelivery(consumer, message, next, attempts, firstFailedAt, now, lastError, more, createdAt,
                now, version + 1);
    }

    /** Taken by a retry runner until {@code until}: not due meanwhile, due again then if the runner vanished. */
    public ConsumerDelivery claimedUntil(Instant until, Instant now) {
        if (status != DeliveryStatus.RETRYING) {
            throw new IllegalStateException("only a retrying delivery is claimed");
        }
        return new ConsumerDelivery(consumer, message, status, attempts, firstFailedAt, until, lastError, history,
                createdAt, now, version + 1);
    }

    private static ConsumerDelivery decided(String consumer, InboundMessage message, RetryDecision decision,
                                            ConsumerFailure failure, List<DeliveryAttempt> history, Instant createdAt,
                                            Instant now, long version) {
        List<DeliveryAttempt> more = new ArrayList<>(history);
        more.add(new DeliveryAttempt(decision.attempts(), now, failure.describe()));
        if (decision instanceof RetryDecision.RetryAt retry) {
            return new ConsumerDelivery(consumer, message, DeliveryStatus.RETRYING, retry.attempts(),
                    decision.firstFailedAt(), retry.nextAttemptAt(), failure.describe(), more, createdAt, now, version);
        }
        return new ConsumerDelivery(consumer, message, DeliveryStatus.QUARANTINED, decision.attempts(),
                decision.firstFailedAt(), now, failure.describe(), more, createdAt, now, version);
    }
}
