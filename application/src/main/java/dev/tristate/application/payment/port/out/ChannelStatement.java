package dev.tristate.application.payment.port.out;

import dev.tristate.domain.reconciliation.StatementLine;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/**
 * A channel's bill of one day as its adapter read it: the lines, and the SHA-256 of the file as downloaded, which the
 * run records so that anyone can tell later which file was compared.
 */
public record ChannelStatement(List<StatementLine> lines, String sha256) {

    public ChannelStatement {
        lines = List.copyOf(lines);
        Objects.requireNonNull(sha256, "sha256");
    }

    public static ChannelStatement of(List<StatementLine> lines, byte[] file) {
        return new ChannelStatement(lines, sha256(file));
    }

    public static String sha256(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
