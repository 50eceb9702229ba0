package dev.tristate.domain.payment;

import static dev.tristate.domain.payment.PaymentStatus.PENDING;
import static dev.tristate.domain.payment.PaymentStatus.PROCESSING;
import static dev.tristate.domain.payment.PaymentStatus.UNKNOWN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class PaymentStatusTest {

    @Test
    void unresolvedAreTheStatesNobodyHasSettled() {
        assertThat(PaymentStatus.unresolved()).containsExactly(PENDING, UNKNOWN, PROCESSING);
    }

    @Test
    void theUnresolvedListHoldsExactlyTheStatusesThatSayTheyAreUnresolved() {
        assertThat(PaymentStatus.unresolved()).containsExactlyElementsOf(
                Arrays.stream(PaymentStatus.values()).filter(PaymentStatus::isUnresolved).toList());
    }

    @Test
    void noStatusIsBothUnresolvedAndPaid() {
        assertThat(Arrays.stream(PaymentStatus.values()).filter(s -> s.isUnresolved() && s.isPaid())).isEmpty();
    }

    @Test
    void theUnresolvedListCannotBeChangedByACaller() {
        assertThatThrownBy(() -> PaymentStatus.unresolved().add(PaymentStatus.SUCCEEDED))
                .isInstanceOf(UnsupportedOperationException.class);
    }
}
