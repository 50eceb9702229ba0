package dev.tristate.sandbox;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The {@code Sandbox-Signature} header: {@code t=<unix seconds>,v1=<hex>} where hex is the lowercase
 * HMAC-SHA256, keyed with the secret's UTF-8 bytes, over {@code <t>.<the exact body bytes sent>} for a notification
 * and over {@code <t>.<METHOD> <path with query>\n<body bytes>} for a merchant's request to the channel.
 */
final class CallbackSigner {

    static final String HEADER = "Sandbox-Signature";

    private CallbackSigner() {
    }

    static String header(String secret, long unixSeconds, byte[] body) {
        return "t=" + unixSeconds + ",v1="
                + hmacSha256Hex(secret, concat((unixSeconds + ".").getBytes(StandardCharsets.UTF_8), body));
    }

    /** The {@code v1} of a merchant's request: over {@code <t>.<METHOD> <path with query>\n<body>}. */
    static String requestV1(String secret, long unixSeconds, String method, String pathWithQuery, byte[] body) {
        return hmacSha256Hex(secret, concat((unixSeconds + "." + method + " " + pathWithQuery + "\n")
                .getBytes(StandardCharsets.UTF_8), body));
    }

    private static byte[] concat(byte[] prefix, byte[] body) {
        byte[] signed = new byte[prefix.length + body.length];
        System.arraycopy(prefix, 0, signed, 0, prefix.length);
        System.arraycopy(body, 0, signed, prefix.length, body.length);
        return signed;
    }

    static String hmacSha256Hex(String secret, byte[] message) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(message));
        } catch (GeneralSecurityException missingFromTheJdk) {
            throw new IllegalStateException("HmacSHA256 is not available", missingFromTheJdk);
        }
    }
}
