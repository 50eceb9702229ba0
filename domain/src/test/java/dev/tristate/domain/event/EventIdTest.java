package dev.tristate.domain.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.UUID;
import org.junit.jupiter.api.Test;

class EventIdTest {

    @Test
    void aDerivedIdIsTheSameEveryTimeForTheSameEvent() {
        assertThat(EventId.derive("pay_1", EventType.PaymentSucceeded, null))
                .isEqualTo(EventId.derive("pay_1", EventType.PaymentSucceeded, null));
    }

    @Test
    void aDerivedIdDiffersByAggregateTypeAndDiscriminator() {
        EventId base = EventId.derive("pay_1", EventType.RefundSucceeded, "rf-1");

        assertThat(EventId.derive("pay_2", EventType.RefundSucceeded, "rf-1")).isNotEqualTo(base);
        assertThat(EventId.derive("pay_1", EventType.PaymentSucceeded, "rf-1")).isNotEqualTo(base);
        assertThat(EventId.derive("pay_1", EventType.RefundSucceeded, "rf-2")).isNotEqualTo(base);
    }

    @Test
    void anIdRoundTripsThroughItsText() {
        EventId id = EventId.derive("pay_1", EventType.PaymentClosed, null);

        assertThat(EventId.of(id.toString())).isEqualTo(id);
        assertThat(id.value().version()).isEqualTo(3);
    }

    @Test
    void textThatIsNotAUuidIsRefused() {
        assertThatThrownBy(() -> EventId.of("not-a-uuid"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a UUID");
        assertThatThrownBy(() -> new EventId(null)).isInstanceOf(NullPointerException.class);
        assertThat(EventId.of(new UUID(1, 2).toString()).value()).isEqualTo(new UUID(1, 2));
    }
}
