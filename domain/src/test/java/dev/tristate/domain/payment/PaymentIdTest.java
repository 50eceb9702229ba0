package dev.tristate.domain.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PaymentIdTest {

    private static final String ULID = "01JDQ2T8ZK3M4N5P6Q7R8S9TVW";

    @Test
    void aNewPaymentIdIsThePrefixAndTheUlidAndFitsEveryChannelsOrderNumber() {
        PaymentId id = PaymentId.ofUlid(ULID);

        assertThat(id.value()).isEqualTo("pay_" + ULID).hasSizeLessThanOrEqualTo(PaymentId.MAX_NEW_LENGTH)
                .matches("[0-9A-Za-z_]{6,32}");
    }

    @Test
    void aNewRefundIdIsThePrefixAndTheUlid() {
        RefundId id = RefundId.ofUlid(ULID);

        assertThat(id.value()).isEqualTo("rfd_" + ULID).hasSize(30);
        assertThat(RefundId.isRefundId(id.value())).isTrue();
        assertThat(PaymentOrRefundId.of(id.value())).isEqualTo(id);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "01JDQ2T8ZK3M4N5P6Q7R8S9TV", "01JDQ2T8ZK3M4N5P6Q7R8S9TVWX", "01jdq2t8zk3m4n5p6q7r8s9tvw",
            "01JDQ2T8ZK3M4N5P6Q7R8S9TVI", "01JDQ2T8ZK3M4N5P6Q7R8S9TVL", "01JDQ2T8ZK3M4N5P6Q7R8S9TVO",
            "01JDQ2T8ZK3M4N5P6Q7R8S9TVU", "81JDQ2T8ZK3M4N5P6Q7R8S9TVW", "01JDQ2T8ZK3M4N5P6Q7R8S9T-W"})
    void onlyA26CharacterCrockfordUlidMakesANewId(String notAUlid) {
        assertThatThrownBy(() -> PaymentId.ofUlid(notAUlid)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RefundId.ofUlid(notAUlid)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void idsStoredInTheOlderShapeStayValid() {
        String old = "pay_0f8fad5bd9cb469fa16570867728950e";

        assertThat(new PaymentId(old).value()).hasSize(36);
        assertThat(PaymentOrRefundId.of(old)).isEqualTo(new PaymentId(old));
        assertThat(PaymentOrRefundId.of("rfd_0f8fad5bd9cb469fa16570867728950e"))
                .isEqualTo(new RefundId("rfd_0f8fad5bd9cb469fa16570867728950e"));
    }
}
