package dev.tristate.adapter.out.channel.sandbox;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The sandbox channel's signature (contract: {@code Sandbox-Signature: t=<unix seconds>,v1=<hex>}): lowercase hex
 * HMAC-SHA256, keyed with the secret's UTF-8 bytes, over {@code <t>.<raw body bytes>} for a notification, and over
 * {@code <t>.<METHOD> <path with query>\n<raw body bytes>} for the system's own requests to the sandbox. Public so
 * that the sandbox simulator and tests elsewhere sign exactly as this adapter verifies.
 */
public final class SandboxSignature {

    public static final String HEADER = "Sandbox-Signature";

    private static final Pattern UNIX_SECONDS = Pattern.compile("[0-9]{1,18}");

    /**
     * One {@link Mac} per thread, re-keyed on every use: {@code Mac.getInstance} searches the security providers and
     * picks one on the first {@code init}, which took more of a callback's CPU than the HMAC itself. A {@code Mac} is
     * not thread-safe; {@code init} resets it, so nothing of one signature carries over to the next.
     */
    private static final ThreadLocal<Mac> HMAC_SHA256 = ThreadLocal.withInitial(() -> {
        try {
            return Mac.getInstance("HmacSHA256");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
        }
    });

    private SandboxSignature() {
    }

    /** The header value for one secret: {@code t=<t>,v1=<hex>}. */
    public static String sign(String secret, long t, byte[] body) {
        return "t=" + t + ",v1=" + v1(secret, t, body);
    }

    /** The header value of a request to the sandbox: {@code t=<t>,v1=<hex>} over {@code <t>.<METHOD> <path>\n<body>}. */
    public static String signRequest(String secret, long t, String method, String pathWithQuery, byte[] body) {
        Objects.requireNonNull(body, "body");
        byte[] line = (method + " " + pathWithQuery + "\n").getBytes(StandardCharsets.UTF_8);
        byte[] signed = new byte[line.length + body.length];
        System.arraycopy(line, 0, signed, 0, line.length);
        System.arraycopy(body, 0, signed, line.length, body.length);
        return sign(secret, t, signed);
    }

    /** The lowercase hex HMAC-SHA256 of {@code <t>.<body>}, the value of one {@code v1=} entry. */
    public static String v1(String secret, long t, byte[] body) {
        if (secret == null || secret.isEmpty()) {
            throw new IllegalArgumentException("a sandbox signing secret must not be empty");
        }
        if (t < 0) {
            throw new IllegalArgumentException("t is unix seconds, never negative: " + t);
        }
        Objects.requireNonNull(body, "body");
        try {
            Mac mac = HMAC_SHA256.get();
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update((t + ".").getBytes(StandardCharsets.US_ASCII));
            return HexFormat.of().formatHex(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
        }
    }

    /** A header as read: one timestamp and every {@code v1} entry. Unknown keys are ignored (future schemes). */
    record Header(long t, List<String> v1) {

        /** Empty when the header is missing or garbled: no {@code t}, two of them, a bad number, no {@code v1}. */
        static Optional<Header> parse(String value) {
            if (value == null) {
                return Optional.empty();
            }
            Long t = null;
            List<String> signatures = new ArrayList<>();
            for (String item : value.split(",", -1)) {
                String entry = item.strip();
                int eq = entry.indexOf('=');
                if (eq <= 0) {
                    return Optional.empty();
                }
                String key = entry.substring(0, eq);
                String val = entry.substring(eq + 1);
                if (key.equals("t")) {
                    if (t != null || !UNIX_SECONDS.matcher(val).matches()) {
                        return Optional.empty();
                    }
                    t = Long.parseLong(val);
                } else if (key.equals("v1")) {
                    signatures.add(val);
                }
            }
            if (t == null || signatures.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(new Header(t, List.copyOf(signatures)));
        }
    }
}
