package dev.tristate.domain.outbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.domain.outbox.RetryDecision.Quarantine;
import dev.tristate.domain.outbox.RetryDecision.RetryAt;
import dev.tristate.domain.outcome.Backoff;
import dev.tristate.domain.outcome.OutcomeClass;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class RetryPolicyTest {

    private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");
    private final RetryPolicy policy = new RetryPolicy(
            new Backoff(Duration.ofSeconds(1), Duration.ofMinutes(5), 2.0), Duration.ofHours(24));

    @Test
    void theFirstRefusalStartsTheWindowAndRetriesAfterTheBackoff() {
        RetryDecision decision = policy.afterFailure(0, null, OutcomeClass.DEFINITE, T0, 0.0);

        assertThat(decision).isEqualTo(new RetryAt(1, T0, T0.plusMillis(500)));
    }

    @Test
    void laterFailuresKeepTheWindowsStartAndBackOffFurther() {
        Instant later = T0.plus(Duration.ofHours(3));

        RetryDecision decision = policy.afterFailure(4, T0, OutcomeClass.UNKNOWN, later, 0.0);

        assertThat(decision).isEqualTo(new RetryAt(5, T0, later.plusSeconds(8)));
    }

    @ParameterizedTest
    @EnumSource(value = OutcomeClass.class, names = {"DEFINITE", "UNKNOWN"})
    void aFailureAfterTheWindowQuarantinesTheEvent(OutcomeClass failure) {
        Instant afterWindow = T0.plus(Duration.ofHours(24));

        assertThat(policy.afterFailure(40, T0, failure, afterWindow, 0.3)).isEqualTo(new Quarantine(41, T0));
    }

    @Test
    void aFailureJustInsideTheWindowIsRetried() {
        Instant inside = T0.plus(Duration.ofHours(24)).minusMillis(1);

        assertThat(policy.afterFailure(40, T0, OutcomeClass.DEFINITE, inside, 0.3)).isInstanceOf(RetryAt.class);
    }

    @Test
    void anUnreachableBrokerNeverQuarantinesAndNeverStartsTheWindow() {
        Instant muchLater = T0.plus(Duration.ofDays(30));

        RetryDecision first = policy.afterFailure(0, null, OutcomeClass.RETRYABLE, muchLater, 0.0);
        RetryDecision longAfter = policy.afterFailure(500, T0, OutcomeClass.RETRYABLE, muchLater, 0.0);

        assertThat(first).isEqualTo(new RetryAt(1, null, muchLater.plusMillis(500)));
        assertThat(longAfter).isInstanceOf(RetryAt.class);
        assertThat(longAfter.firstFailedAt()).as("the window's start is kept").isEqualTo(T0);
    }

    @Test
    void theDelayIsCappedByTheBackoffsMaximum() {
        RetryAt decision = (RetryAt) policy.afterFailure(1_000, T0, OutcomeClass.DEFINITE, T0.plusSeconds(60), 0.999);

        assertThat(Duration.between(T0.plusSeconds(60), decision.nextAttemptAt()))
                .isLessThanOrEqualTo(Duration.ofMinutes(5));
    }

    @Test
    void aZeroWindowQuarantinesAtTheFirstRefusal() {
        RetryPolicy impatient = new RetryPolicy(policy.backoff(), Duration.ZERO);

        assertThat(impatient.afterFailure(0, null, OutcomeClass.DEFINITE, T0, 0.5)).isEqualTo(new Quarantine(1, T0));
    }

    @Test
    void theAttemptCountDoesNotOverflow() {
        assertThat(policy.afterFailure(Integer.MAX_VALUE, null, OutcomeClass.RETRYABLE, T0, 0.0).attempts())
                .isEqualTo(Integer.MAX_VALUE);
    }

    @Test
    void brokenInputsAreRefused() {
        assertThatThrownBy(() -> new RetryPolicy(policy.backoff(), Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> policy.afterFailure(-1, null, OutcomeClass.DEFINITE, T0, 0.0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RetryAt(0, null, T0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Quarantine(1, null)).isInstanceOf(NullPointerException.class);
    }
}
