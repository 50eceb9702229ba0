package dev.tristate.domain.task;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.domain.consumer.ConsumerFailure;
import dev.tristate.domain.consumer.ConsumerRetryPolicy;
import dev.tristate.domain.entitlement.EntitlementKey;
import dev.tristate.domain.outcome.Backoff;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class TaskTest {

    private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");
    private static final ConsumerRetryPolicy POLICY = new ConsumerRetryPolicy(
            new Backoff(Duration.ofSeconds(1), Duration.ofMinutes(1), 2.0), 3, Duration.ofHours(1));
    private static final Task TASK = Task.entitlementGranted(
            new EntitlementKey(new TenantId("t-1"), "u", "course:x", new PaymentId("pay_1")), NOW);

    @Test
    void aGrantNoticeIsKeyedByItsGrantAndDueAtOnce() {
        assertThat(TASK.key()).isEqualTo(new TaskKey("entitlement-granted:pay_1:course:x"));
        assertThat(TASK.status()).isEqualTo(TaskStatus.PENDING);
        assertThat(TASK.nextRunAt()).isEqualTo(NOW);
    }

    @Test
    void aClaimHoldsTheTaskUntilTheLeaseEndsAndBumpsTheVersion() {
        Task claimed = TASK.claimedUntil(NOW.plusSeconds(60), NOW);

        assertThat(claimed.nextRunAt()).isEqualTo(NOW.plusSeconds(60));
        assertThat(claimed.version()).isEqualTo(1);
        assertThatThrownBy(() -> claimed.done(NOW).claimedUntil(NOW, NOW)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void transientFailuresBackOffUntilTheAttemptsRunOut() {
        ConsumerFailure timeout = ConsumerFailure.transientFailure(OutcomeClass.UNKNOWN, "read timed out");

        Task once = TASK.afterFailure(timeout, POLICY, NOW, 0.0);
        Task twice = once.afterFailure(timeout, POLICY, NOW.plusSeconds(1), 0.0);
        Task thrice = twice.afterFailure(timeout, POLICY, NOW.plusSeconds(3), 0.0);

        assertThat(once.status()).isEqualTo(TaskStatus.PENDING);
        assertThat(once.nextRunAt()).isEqualTo(NOW.plusMillis(500));
        assertThat(once.firstFailedAt()).isEqualTo(NOW);
        assertThat(twice.firstFailedAt()).isEqualTo(NOW);
        assertThat(thrice.status()).isEqualTo(TaskStatus.QUARANTINED);
        assertThat(thrice.attempts()).isEqualTo(3);
        assertThat(thrice.lastError()).isEqualTo("UNKNOWN: read timed out");
    }

    @Test
    void aRefusalQuarantinesAtOnce() {
        assertThat(TASK.afterFailure(ConsumerFailure.permanent("HTTP 400"), POLICY, NOW, 0.5).status())
                .isEqualTo(TaskStatus.QUARANTINED);
    }

    @Test
    void doneCountsTheAttemptThatSucceeded() {
        assertThat(TASK.done(NOW).attempts()).isEqualTo(1);
        assertThat(TASK.skipped(NOW, "payment is REFUNDED").lastError()).isEqualTo("payment is REFUNDED");
    }

    @Test
    void aQuarantinedTaskIsReleasedForOneMoreRunOrDiscarded() {
        Task quarantined = TASK.afterFailure(ConsumerFailure.permanent("refused: 400"), POLICY, NOW, 0.0);

        Task released = quarantined.released(NOW.plusSeconds(60));
        Task discarded = quarantined.discarded(NOW.plusSeconds(60));

        assertThat(released.status()).isEqualTo(TaskStatus.PENDING);
        assertThat(released.nextRunAt()).isEqualTo(NOW.plusSeconds(60));
        assertThat(released.attempts()).isEqualTo(quarantined.attempts());
        assertThat(released.version()).isEqualTo(quarantined.version() + 1);
        assertThat(released.afterFailure(ConsumerFailure.permanent("refused: 400"), POLICY, NOW.plusSeconds(61), 0.0)
                .status()).as("fails again: quarantined again").isEqualTo(TaskStatus.QUARANTINED);
        assertThat(discarded.status()).isEqualTo(TaskStatus.DISCARDED);
        assertThatThrownBy(() -> TASK.released(NOW)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> released.discarded(NOW)).isInstanceOf(IllegalStateException.class);
    }
}
