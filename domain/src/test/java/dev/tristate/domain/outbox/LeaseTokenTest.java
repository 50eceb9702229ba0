package dev.tristate.domain.outbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.UUID;
import org.junit.jupiter.api.Test;

class LeaseTokenTest {

    @Test
    void aLeaseTokenIsAUuidAndReadsBackFromItsText() {
        UUID value = UUID.randomUUID();

        assertThat(LeaseToken.of(value.toString())).isEqualTo(new LeaseToken(value));
        assertThat(LeaseToken.of(value.toString()).toString()).isEqualTo(value.toString());
    }

    @Test
    void anythingElseIsRefused() {
        assertThatThrownBy(() -> LeaseToken.of("not-a-uuid")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LeaseToken(null)).isInstanceOf(NullPointerException.class);
    }
}
