package dev.tristate.domain.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.domain.outbox.RetryDecision;
import dev.tristate.domain.outcome.Backoff;
import dev.tristate.domain.outcome.OutcomeClass;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConsumerDeliveryTest {

    private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");
    private static final ConsumerRetryPolicy POLICY = new ConsumerRetryPolicy(
            new Backoff(Duration.ofSeconds(1), Duration.ofMinutes(1), 2.0), 4, Duration.ofHours(1));
    private static final ConsumerFailure BUSY = ConsumerFailure.transientFailure(OutcomeClass.RETRYABLE, "deadlock");
    private static final InboundMessage MESSAGE = new InboundMessage("e-1", "PaymentSucceeded",
            Map.of("tenant_id", "t-1"), "{}".getBytes(StandardCharsets.UTF_8));

    @Test
    void aTransientFailureIsRetriedWithGrowingJitteredDelays() {
        RetryDecision first = POLICY.afterFailure(1, NOW, BUSY, NOW, 0.0);
        RetryDecision second = POLICY.afterFailure(2, NOW, BUSY, NOW, 0.999);

        assertThat(first).isEqualTo(new RetryDecision.RetryAt(1, NOW, NOW.plusMillis(500)));
        assertThat(((RetryDecision.RetryAt) second).nextAttemptAt()).isBetween(NOW.plusSeconds(1), NOW.plusSeconds(2));
    }

    @Test
    void retriesAreBoundedInCount() {
        assertThat(POLICY.afterFailure(3, NOW, BUSY, NOW, 0.5)).isInstanceOf(RetryDecision.RetryAt.class);
        assertThat(POLICY.afterFailure(4, NOW, BUSY, NOW, 0.5)).isEqualTo(new RetryDecision.Quarantine(4, NOW));
    }

    @Test
    void retriesAreBoundedInTime() {
        Instant late = NOW.plus(Duration.ofMinutes(59).plusSeconds(59));

        assertThat(POLICY.afterFailure(2, NOW, BUSY, late, 0.5)).isEqualTo(new RetryDecision.Quarantine(2, NOW));
    }

    @Test
    void aPermanentFailureIsQuarantinedAtOnce() {
        ConsumerDelivery delivery = ConsumerDelivery.firstFailure("entitlements", MESSAGE,
                ConsumerFailure.permanent("unreadable"), POLICY, NOW, 0.5);

        assertThat(delivery.status()).isEqualTo(DeliveryStatus.QUARANTINED);
        assertThat(delivery.lastError()).isEqualTo("PERMANENT: unreadable");
        assertThat(delivery.history()).containsExactly(new DeliveryAttempt(1, NOW, "PERMANENT: unreadable"));
    }

    @Test
    void theHistoryKeepsEveryAttemptUntilTheRetriesAreExhausted() {
        ConsumerDelivery delivery = ConsumerDelivery.firstFailure("entitlements", MESSAGE, BUSY, POLICY, NOW, 0.5);
        for (int i = 1; i < 4; i++) {
            assertThat(delivery.status()).isEqualTo(DeliveryStatus.RETRYING);
            delivery = delivery.afterFailure(BUSY, POLICY, NOW.plusSeconds(i), 0.5);
        }

        assertThat(delivery.status()).isEqualTo(DeliveryStatus.QUARANTINED);
        assertThat(delivery.attempts()).isEqualTo(4);
        assertThat(delivery.history()).extracting(DeliveryAttempt::number).containsExactly(1, 2, 3, 4);
        assertThat(delivery.version()).isEqualTo(3);
    }

    @Test
    void aQuarantinedDeliveryStaysQuarantinedWhenDeliveredAgain() {
        ConsumerDelivery quarantined = ConsumerDelivery.firstFailure("entitlements", MESSAGE,
                ConsumerFailure.permanent("unreadable"), POLICY, NOW, 0.5);

        ConsumerDelivery again = quarantined.afterFailure(BUSY, POLICY, NOW.plusSeconds(1), 0.5);

        assertThat(again.status()).isEqualTo(DeliveryStatus.QUARANTINED);
        assertThat(again.history()).hasSize(2);
    }

    @Test
    void aLaterSuccessMarksItApplied() {
        ConsumerDelivery delivery = ConsumerDelivery.firstFailure("entitlements", MESSAGE, BUSY, POLICY, NOW, 0.5);

        ConsumerDelivery applied = delivery.applied(NOW.plusSeconds(1), "granted");

        assertThat(applied.status()).isEqualTo(DeliveryStatus.APPLIED);
        assertThat(applied.history().get(1).result()).isEqualTo("APPLIED: granted");
    }

    @Test
    void theDeliveryKeyIsTheIdAndTheBodysHash() {
        InboundMessage sameIdOtherBody = new InboundMessage("e-1", "PaymentSucceeded", Map.of(),
                "{\"x\":1}".getBytes(StandardCharsets.UTF_8));
        InboundMessage noId = new InboundMessage(null, null, Map.of(), "{}".getBytes(StandardCharsets.UTF_8));

        assertThat(MESSAGE.deliveryKey()).startsWith("e-1:").hasSize(4 + 64);
        assertThat(sameIdOtherBody.deliveryKey()).isNotEqualTo(MESSAGE.deliveryKey());
        assertThat(noId.deliveryKey()).startsWith("-:");
    }

    @Test
    void theBodyCannotBeChangedFromOutside() {
        byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
        InboundMessage message = new InboundMessage("e-1", null, Map.of(), body);
        body[0] = 'x';
        message.body()[1] = 'y';

        assertThat(message.body()).isEqualTo("{}".getBytes(StandardCharsets.UTF_8));
        assertThat(message.contentHash()).isEqualTo(ContentHash.of("{}".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aQuarantinedDeliveryIsReleasedForOneMoreAttemptOrDiscardedWithItsHistoryKept() {
        ConsumerDelivery quarantined = ConsumerDelivery.firstFailure("entitlements", MESSAGE,
                ConsumerFailure.permanent("unknown SKU kind"), POLICY, NOW, 0.0);

        ConsumerDelivery released = quarantined.released(NOW.plusSeconds(60), "olga");
        ConsumerDelivery discarded = quarantined.discarded(NOW.plusSeconds(60), "olga");

        assertThat(released.status()).isEqualTo(DeliveryStatus.RETRYING);
        assertThat(released.nextAttemptAt()).isEqualTo(NOW.plusSeconds(60));
        assertThat(released.message()).isEqualTo(MESSAGE);
        assertThat(released.history()).hasSize(2).last()
                .satisfies(a -> assertThat(a.result()).isEqualTo("RELEASED by olga"));
        assertThat(released.version()).isEqualTo(quarantined.version() + 1);
        assertThat(discarded.status()).isEqualTo(DeliveryStatus.DISCARDED);
        assertThat(discarded.lastError()).isEqualTo(quarantined.lastError());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> released.released(NOW, "olga"))
                .isInstanceOf(IllegalStateException.class);
    }
}
