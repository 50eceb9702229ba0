package dev.tristate.adapter.out.channel;

import dev.tristate.domain.notification.RawNotification;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;

/** Builds notifications as the web adapter hands them over, for the format tests. */
public final class RawNotifications {

    private RawNotifications() {
    }

    /** A notification with at most one value per header; a null header value leaves that header out. */
    public static RawNotification raw(String channel, String tenantHint, Map<String, String> headers, byte[] body) {
        Map<String, List<String>> multi = new LinkedHashMap<>();
        headers.forEach((name, value) -> {
            if (value != null) {
                multi.put(name, List.of(value));
            }
        });
        return new RawNotification(channel, tenantHint, multi, body, false, "trace-test");
    }

    public static RawNotification withHeaders(RawNotification raw, Map<String, List<String>> headers) {
        return new RawNotification(raw.channel(), raw.tenantHint(), headers, raw.body(), raw.bodyTooLarge(),
                raw.traceId(), raw.headersTooLarge());
    }

    public static RawNotification withBody(RawNotification raw, byte[] body) {
        return new RawNotification(raw.channel(), raw.tenantHint(), raw.headers(), body, raw.bodyTooLarge(),
                raw.traceId(), raw.headersTooLarge());
    }

    /** The same notification, marked as cut at the body size limit. */
    public static RawNotification cutAtSizeLimit(RawNotification raw) {
        return new RawNotification(raw.channel(), raw.tenantHint(), raw.headers(), raw.body(), true, raw.traceId(),
                raw.headersTooLarge());
    }

    /** The same notification, marked as having headers over their size limit. */
    public static RawNotification headersCutAtSizeLimit(RawNotification raw) {
        return new RawNotification(raw.channel(), raw.tenantHint(), raw.headers(), raw.body(), raw.bodyTooLarge(),
                raw.traceId(), true);
    }

    /**
     * Every copy of the notification with one bit of one body byte flipped (only the bits in {@code bitMask}) that
     * {@code accepted} lets through, named "byte 12 bit 3".
     */
    public static List<String> singleBitChangesAccepted(RawNotification genuine, int bitMask,
                                                        BiPredicate<RawNotification, Change> accepted) {
        byte[] body = genuine.body();
        List<String> passed = new ArrayList<>();
        for (int position = 0; position < body.length; position++) {
            for (int bit = 0; bit < 8; bit++) {
                if ((bitMask & 1 << bit) == 0) {
                    continue;
                }
                byte[] changed = Arrays.copyOf(body, body.length);
                changed[position] = (byte) (changed[position] ^ 1 << bit);
                if (accepted.test(withBody(genuine, changed), new Change(body, position, bit))) {
                    passed.add("byte " + position + " bit " + bit);
                }
            }
        }
        return passed;
    }

    /** Which bit of which byte of the original body a change flipped. */
    public record Change(byte[] original, int position, int bit) {
    }
}
