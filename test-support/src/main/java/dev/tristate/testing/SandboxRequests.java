package dev.tristate.testing;

import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Requests a test sends the sandbox channel's own endpoints as a merchant would: {@code Sandbox-Merchant} and a
 * {@code Sandbox-Signature} over {@code <t>.<METHOD> <path with query>\n<body>}, computed here independently of the
 * adapter's signing code, so that a test proves the contract rather than the code under test.
 */
public final class SandboxRequests {

    private SandboxRequests() {
    }

    /**
     * A request to {@code base + pathWithQuery} as the merchant, signed with {@code secret} now; a non-null
     * {@code jsonBody} is sent as JSON.
     */
    public static HttpRequest.Builder signed(URI base, String merchant, String secret, String method,
                                             String pathWithQuery, String jsonBody) {
        String root = base.toString().endsWith("/") ? base.toString().substring(0, base.toString().length() - 1)
                : base.toString();
        byte[] body = jsonBody == null ? new byte[0] : jsonBody.getBytes(StandardCharsets.UTF_8);
        long t = Instant.now().getEpochSecond();
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(root + pathWithQuery))
                .header("Sandbox-Merchant", merchant)
                .header("Sandbox-Signature", "t=" + t + ",v1=" + v1(secret, t, method, pathWithQuery, body));
        if (jsonBody == null) {
            return request.method(method, HttpRequest.BodyPublishers.noBody());
        }
        return request.header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofByteArray(body));
    }

    /** The lowercase hex HMAC-SHA256 of {@code <t>.<METHOD> <path with query>\n<body>}, keyed with the secret. */
    public static String v1(String secret, long t, String method, String pathWithQuery, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update((t + "." + method + " " + pathWithQuery + "\n").getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
        }
    }
}
