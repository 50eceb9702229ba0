package dev.tristate.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CallbackSignerTest {

    @Test
    void theMacIsLowerCaseHexHmacSha256OfTheUtf8Secret() {
        // The well-known example from RFC 2104's Wikipedia page.
        assertThat(CallbackSigner.hmacSha256Hex("key",
                "The quick brown fox jumps over the lazy dog".getBytes(StandardCharsets.UTF_8)))
                .isEqualTo("f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8");
    }

    @Test
    void theHeaderSignsTheTimestampADotAndTheRawBody() {
        byte[] body = "{\"a\":\"\u00e9\"}".getBytes(StandardCharsets.UTF_8);
        byte[] signed = ("1700000000." + "{\"a\":\"\u00e9\"}").getBytes(StandardCharsets.UTF_8);

        assertThat(CallbackSigner.header("s3cr\u00e9t", 1_700_000_000L, body))
                .isEqualTo("t=1700000000,v1=" + CallbackSigner.hmacSha256Hex("s3cr\u00e9t", signed));
    }
}
