package dev.tristate.application.consumer.port.out;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.consumer.ConsumerDelivery;
import dev.tristate.domain.consumer.ConsumerFailure;
import dev.tristate.domain.consumer.ConsumerRetryPolicy;
import dev.tristate.domain.consumer.DeliveryStatus;
import dev.tristate.domain.consumer.InboundMessage;
import dev.tristate.domain.outcome.Backoff;
import dev.tristate.domain.outcome.OutcomeClass;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What every {@link ConsumerDeliveryStore} must do: run against the MyBatis adapter and the in-memory fake alike. */
public abstract class ConsumerDeliveryStoreContract {

    protected static final Instant T0 = Instant.parse("2026-12-01T08:00:00.123456Z");
    private static final ConsumerRetryPolicy POLICY = new ConsumerRetryPolicy(
            new Backoff(Duration.ofSeconds(1), Duration.ofMinutes(1), 2.0), 3, Duration.ofHours(1));
    private static final ConsumerFailure BUSY = ConsumerFailure.transientFailure(OutcomeClass.RETRYABLE, "deadlock");

    protected abstract ConsumerDeliveryStore store();

    /** A consumer name of this test's own, so rows of other tests never count. */
    private final String consumer = "c-" + UUID.randomUUID().toString().substring(0, 8);

    private static InboundMessage aMessage() {
        byte[] body = new byte[] {'{', (byte) 0xff, 0, '}'};
        return new InboundMessage(UUID.randomUUID().toString(), "PaymentSucceeded",
                Map.of("tenant_id", "t-1", "x-note", "caf\u00e9"), body);
    }

    @Test
    void aDeliveryReadsBackEqualInEveryFieldWithItsBytesAndHeaders() {
        ConsumerDelivery delivery = ConsumerDelivery.firstFailure(consumer, aMessage(), BUSY, POLICY, T0, 0.5)
                .afterFailure(ConsumerFailure.permanent("unknown event type Foo\twith\na newline"), POLICY,
                        T0.plusSeconds(2), 0.5);
        store().insert(ConsumerDelivery.firstFailure(consumer, delivery.message(), BUSY, POLICY, T0, 0.5));
        assertThat(store().update(delivery)).isTrue();

        assertThat(store().find(consumer, delivery.deliveryKey())).contains(delivery);
    }

    @Test
    void everyConsumersDeliveriesOfOneMessageIdAreListedOldestFirst() {
        InboundMessage message = aMessage();
        ConsumerDelivery later = ConsumerDelivery.firstFailure(consumer + "-b", message, BUSY, POLICY,
                T0.plusSeconds(2), 0.5);
        ConsumerDelivery first = ConsumerDelivery.firstFailure(consumer, message, BUSY, POLICY, T0, 0.5);
        store().insert(later);
        store().insert(first);
        store().insert(ConsumerDelivery.firstFailure(consumer, aMessage(), BUSY, POLICY, T0, 0.5));

        assertThat(store().forMessage(message.messageId())).containsExactly(first, later);
    }

    @Test
    void aDeliveryIsRecordedOncePerConsumer() {
        ConsumerDelivery delivery = ConsumerDelivery.firstFailure(consumer, aMessage(), BUSY, POLICY, T0, 0.5);
        store().insert(delivery);

        assertThatThrownBy(() -> store().insert(delivery)).isInstanceOf(PersistenceFailure.AlreadyExists.class);
        store().insert(ConsumerDelivery.firstFailure(consumer + "-other", delivery.message(), BUSY, POLICY, T0, 0.5));
    }

    @Test
    void anUpdateFromAStaleVersionChangesNothing() {
        ConsumerDelivery delivery = ConsumerDelivery.firstFailure(consumer, aMessage(), BUSY, POLICY, T0, 0.5);
        store().insert(delivery);
        ConsumerDelivery claimedByOne = delivery.claimedUntil(T0.plusSeconds(60), T0);
        ConsumerDelivery claimedByTwo = delivery.claimedUntil(T0.plusSeconds(90), T0);

        assertThat(store().update(claimedByOne)).isTrue();
        assertThat(store().update(claimedByTwo)).isFalse();
        assertThat(store().find(consumer, delivery.deliveryKey())).contains(claimedByOne);
    }

    @Test
    void dueRetriesComeLongestDueFirstAndOnlyTheirConsumers() {
        ConsumerDelivery later = ConsumerDelivery.firstFailure(consumer, aMessage(), BUSY, POLICY, T0.plusSeconds(5),
                0.5);
        ConsumerDelivery earlier = ConsumerDelivery.firstFailure(consumer, aMessage(), BUSY, POLICY, T0, 0.5);
        ConsumerDelivery quarantined = ConsumerDelivery.firstFailure(consumer, aMessage(),
                ConsumerFailure.permanent("unreadable"), POLICY, T0, 0.5);
        store().insert(later);
        store().insert(earlier);
        store().insert(quarantined);
        store().insert(ConsumerDelivery.firstFailure(consumer + "-other", aMessage(), BUSY, POLICY, T0, 0.5));

        assertThat(store().findDue(consumer, T0.plusSeconds(60), 10)).containsExactly(earlier, later);
        assertThat(store().findDue(consumer, T0.plusSeconds(60), 1)).containsExactly(earlier);
        assertThat(store().findDue(consumer, T0, 10)).isEmpty();
        assertThat(store().findByStatus(DeliveryStatus.QUARANTINED, 1000)).contains(quarantined);
        assertThat(store().count(DeliveryStatus.QUARANTINED)).isPositive();
    }
}
