package dev.tristate.domain.idempotency;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;

/** SHA-256 over method, path and the canonical body: two requests are "the same request" when these are equal. */
public record RequestFingerprint(String sha256Hex) {
    public RequestFingerprint {
        Objects.requireNonNull(sha256Hex, "fingerprint");
        if (!sha256Hex.matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException("fingerprint must be 64 lower-case hex digits");
        }
    }

    /** The body must already be canonical (the web adapter sorts keys and drops insignificant white space). */
    public static RequestFingerprint of(String method, String path, String canonicalBody) {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(path, "path");
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update(method.getBytes(StandardCharsets.UTF_8));
            digest.update((byte) 0);
            digest.update(path.getBytes(StandardCharsets.UTF_8));
            digest.update((byte) 0);
            digest.update((canonicalBody == null ? "" : canonicalBody).getBytes(StandardCharsets.UTF_8));
            return new RequestFingerprint(HexFormat.of().formatHex(digest.digest()));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
