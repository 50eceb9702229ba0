package dev.tristate.simulator.kit;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SwitchLimitsTest {

    @Test
    void theBoundsAreInclusiveAndAnythingOutsideIsRefusedByName() {
        assertThatCode(() -> SwitchLimits.checkDuplicates(0)).doesNotThrowAnyException();
        assertThatCode(() -> SwitchLimits.checkDuplicates(100)).doesNotThrowAnyException();
        assertThatThrownBy(() -> SwitchLimits.checkDuplicates(-1)).hasMessage("duplicates must be between 0 and 100");
        assertThatThrownBy(() -> SwitchLimits.checkDuplicates(101)).isInstanceOf(IllegalArgumentException.class);

        assertThatCode(() -> SwitchLimits.checkDelay("delay_ms", 600_000)).doesNotThrowAnyException();
        assertThatThrownBy(() -> SwitchLimits.checkDelay("delay_ms", 600_001))
                .hasMessage("delay_ms must be between 0 and 600000");
        assertThatThrownBy(() -> SwitchLimits.checkDelay("refund_settle_ms", -1))
                .hasMessageStartingWith("refund_settle_ms ");
    }
}
