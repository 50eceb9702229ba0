package dev.tristate.application.idempotency.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class IdempotencySettingsTest {

    @Test
    void keysAreKeptAtLeastADayAsTheContractPromises() {
        assertThatThrownBy(() -> new IdempotencySettings(Duration.ofHours(23), Duration.ofSeconds(30)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(new IdempotencySettings(Duration.ofDays(7), Duration.ofSeconds(30)).retention())
                .isEqualTo(Duration.ofDays(7));
    }

    @Test
    void theLeaseIsPositiveAndShorterThanTheRetention() {
        assertThatThrownBy(() -> new IdempotencySettings(Duration.ofHours(24), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new IdempotencySettings(Duration.ofHours(24), Duration.ofHours(24)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(IdempotencySettings.defaults().lease()).isEqualTo(Duration.ofSeconds(30));
    }
}
