package dev.tristate.simulator.stripe;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Stripe's {@code Stripe-Signature} header: {@code t=<unix seconds>} and one {@code v1=<hex>} per endpoint secret
 * valid now (during a rotation both the new and the old secret sign), each the lowercase hex HMAC-SHA256, keyed with
 * the secret's UTF-8 bytes, over {@code <t>.<the exact body bytes sent>}.
 */
final class StripeSignature {

    static final String HEADER = "Stripe-Signature";

    private StripeSignature() {
    }

    static String header(List<String> secrets, long unixSeconds, byte[] body) {
        StringBuilder header = new StringBuilder("t=").append(unixSeconds);
        for (String secret : secrets) {
            header.append(",v1=").append(v1(secret, unixSeconds, body));
        }
        return header.toString();
    }

    static String v1(String secret, long unixSeconds, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update((unixSeconds + ".").getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(mac.doFinal(body));
        } catch (GeneralSecurityException missingFromTheJdk) {
            throw new IllegalStateException("HmacSHA256 is not available", missingFromTheJdk);
        }
    }
}
