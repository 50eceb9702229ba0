package dev.tristate.adapter.out.channel.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The expected values were computed outside Java (openssl dgst -sha256 -hmac, Python's hmac module). */
class SandboxSignatureTest {

    private static final long T = 1_735_689_600L;

    @Test
    void signsTheTimestampADotAndTheBodyWithHmacSha256InLowercaseHex() {
        byte[] body = "{\"notify_id\":\"n-1\"}".getBytes(StandardCharsets.UTF_8);

        assertThat(SandboxSignature.v1("whsec-sandbox-test", T, body))
                .isEqualTo("e819b5dcd79ede23d6e9ebf861bfcef07518b5ea12694642e1af4ee6f20a52f1");
        assertThat(SandboxSignature.sign("whsec-sandbox-test", T, body))
                .isEqualTo("t=1735689600,v1=e819b5dcd79ede23d6e9ebf861bfcef07518b5ea12694642e1af4ee6f20a52f1");
    }

    @Test
    void keysWithTheSecretsUtf8BytesAndSignsTheBodyBytesAsGiven() {
        byte[] body = "{\"subject\":\"会员\"}".getBytes(StandardCharsets.UTF_8);

        assertThat(SandboxSignature.v1("密钥-2", T, body))
                .isEqualTo("169f43b162c24f0c06f81ad546192ad84ba970ad7775359c281ebb4b98d2432b");
    }

    @Test
    void signaturesOnOneThreadUnderDifferentSecretsCarryNothingOver() {
        byte[] first = "{\"notify_id\":\"n-1\"}".getBytes(StandardCharsets.UTF_8);
        byte[] second = "{\"subject\":\"会员\"}".getBytes(StandardCharsets.UTF_8);

        for (int round = 0; round < 3; round++) {
            assertThat(SandboxSignature.v1("whsec-sandbox-test", T, first))
                    .isEqualTo("e819b5dcd79ede23d6e9ebf861bfcef07518b5ea12694642e1af4ee6f20a52f1");
            assertThat(SandboxSignature.v1("密钥-2", T, second))
                    .isEqualTo("169f43b162c24f0c06f81ad546192ad84ba970ad7775359c281ebb4b98d2432b");
        }
    }

    @Test
    void refusesAnEmptySecretAndANegativeTimestamp() {
        byte[] body = new byte[0];

        assertThatThrownBy(() -> SandboxSignature.sign("", T, body)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SandboxSignature.sign("s", -1, body)).isInstanceOf(IllegalArgumentException.class);
    }
}
