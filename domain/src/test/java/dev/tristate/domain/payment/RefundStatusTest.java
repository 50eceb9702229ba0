package dev.tristate.domain.payment;

import static dev.tristate.domain.payment.RefundStatus.FAILED;
import static dev.tristate.domain.payment.RefundStatus.PENDING;
import static dev.tristate.domain.payment.RefundStatus.SUCCEEDED;
import static dev.tristate.domain.payment.RefundStatus.UNKNOWN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RefundStatusTest {

    @Test
    void pendingAndUnknownAreOpenInThatOrder() {
        assertThat(RefundStatus.open()).containsExactly(PENDING, UNKNOWN);
    }

    @Test
    void aSettledRefundIsNotOpen() {
        assertThat(SUCCEEDED.isOpen()).isFalse();
        assertThat(FAILED.isOpen()).isFalse();
    }

    @Test
    void theOpenListCannotBeChangedByACaller() {
        assertThatThrownBy(() -> RefundStatus.open().add(FAILED)).isInstanceOf(UnsupportedOperationException.class);
    }
}
