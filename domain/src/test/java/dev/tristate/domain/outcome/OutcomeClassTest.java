package dev.tristate.domain.outcome;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class OutcomeClassTest {

    @Test
    void onlyARetryableFailureMayBeRetriedBlindly() {
        assertThat(OutcomeClass.RETRYABLE.mayRetryBlindly()).isTrue();
        assertThat(OutcomeClass.UNKNOWN.mayRetryBlindly()).isFalse();
        assertThat(OutcomeClass.DEFINITE.mayRetryBlindly()).isFalse();
    }

    @Test
    void onlyAnUnknownOutcomeMustBeResolvedByAsking() {
        assertThat(OutcomeClass.UNKNOWN.mustBeResolved()).isTrue();
        assertThat(OutcomeClass.RETRYABLE.mustBeResolved()).isFalse();
        assertThat(OutcomeClass.DEFINITE.mustBeResolved()).isFalse();
    }

    @Test
    void thereAreExactlyThreeClasses() {
        assertThat(OutcomeClass.values()).containsExactly(OutcomeClass.RETRYABLE, OutcomeClass.UNKNOWN,
                OutcomeClass.DEFINITE);
    }
}
