package dev.tristate.adapter.out.messaging;

import dev.tristate.application.outbox.port.out.EventPublisher;
import dev.tristate.application.outbox.port.out.EventPublisher.NotSent;
import dev.tristate.application.outbox.port.out.EventPublisher.PublishOutcome;
import dev.tristate.domain.outcome.OutcomeClass;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Awaits a published message's confirm and says what it means for the event: "sent" is acked AND not returned; a
 * return or a broker's nack is DEFINITE; a channel closed before the confirm, or no confirm by the deadline, is
 * UNKNOWN (the message may be in a queue already). Counts the confirms by result.
 */
final class ConfirmOutcomes {

    private final Duration confirmTimeout;
    private final Counter acks;
    private final Counter nacks;
    private final Counter unconfirmed;

    ConfirmOutcomes(Duration confirmTimeout, MeterRegistry meters) {
        this.confirmTimeout = confirmTimeout;
        acks = confirms(meters, "ack");
        nacks = confirms(meters, "nack");
        unconfirmed = confirms(meters, "none");
    }

    private static Counter confirms(MeterRegistry meters, String result) {
        return Counter.builder("tristate.outbox.confirms").tag("result", result)
                .description("Publisher confirms of outbox events: ack, nack, or none in time").register(meters);
    }

    /** The deadline, in {@link System#nanoTime()}, of a batch whose publishing started at {@code started}. */
    long deadline(long started) {
        return started + confirmTimeout.toNanos();
    }

    PublishOutcome await(ConfirmChannel channel, PendingConfirm pending, long deadline) {
        Confirmation confirmation;
        try {
            confirmation = pending.confirmation.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            return unconfirmed(channel, pending, "no publisher confirm within " + confirmTimeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return unconfirmed(channel, pending, "interrupted while waiting for the publisher confirm");
        } catch (ExecutionException e) {
            return unconfirmed(channel, pending, "publisher confirm failed: " + Causes.describe(e));
        }
        // A channel that closed counts as a nack, as spring-rabbit's generated nack did.
        (confirmation.ack() ? acks : nacks).increment();
        String returned = pending.returned;
        if (returned != null) {
            return new NotSent(OutcomeClass.DEFINITE, "returned by the broker: " + returned);
        }
        if (confirmation.ack()) {
            return EventPublisher.SENT;
        }
        if (confirmation.closedReason() == null) {
            return new NotSent(OutcomeClass.DEFINITE, "nacked by the broker (unroutable, or refused)");
        }
        return new NotSent(OutcomeClass.UNKNOWN, "channel closed before the confirm: " + confirmation.closedReason());
    }

    private NotSent unconfirmed(ConfirmChannel channel, PendingConfirm pending, String reason) {
        channel.forget(pending);
        unconfirmed.increment();
        return new NotSent(OutcomeClass.UNKNOWN, reason);
    }
}
