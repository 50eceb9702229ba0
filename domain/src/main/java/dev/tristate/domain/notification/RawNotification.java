package dev.tristate.domain.notification;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A notification exactly as it reached us: the channel it came in for, the raw body bytes (never re-serialised
 * before verification), the headers (names lower-cased), and where the path names one, the tenant it was addressed
 * to. {@code bodyTooLarge} marks a body cut at the size limit, {@code headersTooLarge} headers over theirs: such a
 * notification is recorded and refused, never processed.
 */
public record RawNotification(String channel, String tenantHint, Map<String, List<String>> headers, byte[] body,
                              boolean bodyTooLarge, String traceId, boolean headersTooLarge) {

    public RawNotification(String channel, String tenantHint, Map<String, List<String>> headers, byte[] body,
                           boolean bodyTooLarge, String traceId) {
        this(channel, tenantHint, headers, body, bodyTooLarge, traceId, false);
    }

    public RawNotification {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(traceId, "trace id");
        Map<String, List<String>> lower = new TreeMap<>();
        if (headers != null) {
            headers.forEach((name, values) -> lower.put(name.toLowerCase(Locale.ROOT), List.copyOf(values)));
        }
        headers = java.util.Collections.unmodifiableMap(lower);
    }

    /** The first value of a header, by case-insensitive name, or null. */
    public String header(String name) {
        List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    /** Every value of a header (a header may be repeated). */
    public List<String> headerValues(String name) {
        return headers.getOrDefault(name.toLowerCase(Locale.ROOT), List.of());
    }
}
