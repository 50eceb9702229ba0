package dev.tristate.domain.idempotency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IdempotencyKeyTest {

    @Test
    void aKeyOfOneCharacterIsAllowed() {
        assertThat(new IdempotencyKey("k").value()).isEqualTo("k");
    }

    @Test
    void aKeyOf255CharactersIsTheLongestAllowed() {
        assertThat(new IdempotencyKey("k".repeat(255)).value()).hasSize(255);
        assertThatThrownBy(() -> new IdempotencyKey("k".repeat(256)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("255");
    }

    @Test
    void anEmptyOrMissingKeyIsRefused() {
        assertThatThrownBy(() -> new IdempotencyKey("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new IdempotencyKey(null)).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"key\u0000", "key\n", "key\u007f", "\u0001", "kéy"})
    void aKeyWithAControlOrNonAsciiCharacterIsRefused(String key) {
        assertThatThrownBy(() -> new IdempotencyKey(key))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void everyPrintableAsciiCharacterIsAllowed() {
        StringBuilder printable = new StringBuilder();
        for (char c = 0x20; c <= 0x7E; c++) {
            printable.append(c);
        }

        assertThat(new IdempotencyKey(printable.toString()).value()).isEqualTo(printable.toString());
    }
}
