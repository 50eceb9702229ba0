package dev.tristate.domain.payment;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PaymentOrRefundIdTest {

    @Test
    void an_id_with_the_refund_prefix_is_a_refund_id() {
        assertThat(PaymentOrRefundId.of("rfd_1")).isEqualTo(new RefundId("rfd_1"));
    }

    @Test
    void any_other_id_is_a_payment_id() {
        assertThat(PaymentOrRefundId.of("pay_1")).isEqualTo(new PaymentId("pay_1"));
        assertThat(PaymentOrRefundId.of("rfd_")).isEqualTo(new PaymentId("rfd_"));
    }
}
