package dev.tristate.domain.idempotency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RequestFingerprintTest {

    private static final RequestFingerprint BASE =
            RequestFingerprint.of("POST", "/api/v1/payments", "{\"amount_minor\":100}");

    @Test
    void theSameRequestHasTheSameFingerprint() {
        assertThat(RequestFingerprint.of("POST", "/api/v1/payments", "{\"amount_minor\":100}")).isEqualTo(BASE);
    }

    @Test
    void aDifferentMethodChangesTheFingerprint() {
        assertThat(RequestFingerprint.of("PUT", "/api/v1/payments", "{\"amount_minor\":100}")).isNotEqualTo(BASE);
    }

    @Test
    void aDifferentPathChangesTheFingerprint() {
        assertThat(RequestFingerprint.of("POST", "/api/v1/refunds", "{\"amount_minor\":100}")).isNotEqualTo(BASE);
    }

    @Test
    void aDifferentBodyChangesTheFingerprint() {
        assertThat(RequestFingerprint.of("POST", "/api/v1/payments", "{\"amount_minor\":101}")).isNotEqualTo(BASE);
    }

    @Test
    void movingTextBetweenPathAndBodyChangesTheFingerprint() {
        assertThat(RequestFingerprint.of("POST", "/a", "b")).isNotEqualTo(RequestFingerprint.of("POST", "/ab", ""));
    }

    @Test
    void aFingerprintIsSixtyFourLowerCaseHexDigits() {
        assertThat(BASE.sha256Hex()).matches("[0-9a-f]{64}");
        assertThat(RequestFingerprint.of("GET", "/", null).sha256Hex())
                .isEqualTo(RequestFingerprint.of("GET", "/", "").sha256Hex());
        assertThatThrownBy(() -> new RequestFingerprint("ABC")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RequestFingerprint(BASE.sha256Hex().toUpperCase()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
