package dev.tristate.domain.tenant;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;

/**
 * A merchant API key in clear text: it exists only on its way to the client (shown once) or inside a request. What is
 * stored is {@link #hash()}: SHA-256 suffices because a key carries 256 random bits, so there is nothing to guess;
 * a slow hash (bcrypt) would only slow every API call down.
 */
public record ApiKey(String value) {
    public static final String PREFIX = "tsk_";

    public ApiKey {
        Objects.requireNonNull(value, "api key");
        if (value.length() < 20 || value.length() > 200 || !value.matches("[A-Za-z0-9_\\-]+")) {
            throw new IllegalArgumentException("an API key is 20-200 characters of letters, digits, _ and -");
        }
    }

    /** A new key from 32 random bytes supplied by the caller (the domain draws no randomness itself). */
    public static ApiKey fromRandomBytes(byte[] random) {
        if (random == null || random.length < 32) {
            throw new IllegalArgumentException("an API key needs at least 32 random bytes");
        }
        return new ApiKey(PREFIX + HexFormat.of().formatHex(random));
    }

    public ApiKeyHash hash() {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8));
            return new ApiKeyHash(HexFormat.of().formatHex(digest));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** The first characters, safe to show so that people can tell keys apart. */
    public String displayPrefix() {
        return value.substring(0, Math.min(value.length(), PREFIX.length() + 6));
    }

    @Override
    public String toString() {
        return displayPrefix() + "…";
    }
}
