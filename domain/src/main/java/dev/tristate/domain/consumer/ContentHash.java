package dev.tristate.domain.consumer;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * SHA-256 of a message body, recorded with the inbox row: a second delivery of the same event id must carry the same
 * bytes, or something upstream broke the rule that an event never changes (a quarantine, not a silent ack).
 */
public record ContentHash(String sha256Hex) {

    private static final Pattern HEX = Pattern.compile("[0-9a-f]{64}");

    public ContentHash {
        Objects.requireNonNull(sha256Hex, "hash");
        if (!HEX.matcher(sha256Hex).matches()) {
            throw new IllegalArgumentException("a content hash is 64 lower-case hex digits");
        }
    }

    public static ContentHash of(byte[] body) {
        Objects.requireNonNull(body, "body");
        try {
            return new ContentHash(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
