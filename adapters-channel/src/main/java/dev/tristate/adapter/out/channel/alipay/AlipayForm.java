package dev.tristate.adapter.out.channel.alipay;

import dev.tristate.adapter.out.channel.NotificationFields;
import dev.tristate.adapter.out.channel.UnreadableNotification;
import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * An {@code application/x-www-form-urlencoded} Alipay notification, decoded with the charset its own {@code charset}
 * field names (UTF-8 when absent). Percent-escapes are decoded to bytes first and the bytes decoded strictly, so bytes
 * that are not valid in the charset are refused, never replaced. A field given twice is refused: the signer and the
 * reader could each pick a different one.
 */
final class AlipayForm {

    private static final Map<String, Charset> CHARSETS = Map.of(
            "utf-8", StandardCharsets.UTF_8,
            "gbk", Charset.forName("GBK"),
            "gb2312", Charset.forName("GB2312"));

    private final Charset charset;
    private final Map<String, String> fields;

    private AlipayForm(Charset charset, Map<String, String> fields) {
        this.charset = charset;
        this.fields = Collections.unmodifiableMap(fields);
    }

    static AlipayForm read(byte[] body) {
        List<byte[][]> pairs = new ArrayList<>();
        for (byte[] segment : split(body, (byte) '&')) {
            if (segment.length == 0) {
                continue;
            }
            int eq = indexOf(segment, (byte) '=');
            byte[] key = eq < 0 ? segment : Arrays.copyOfRange(segment, 0, eq);
            byte[] value = eq < 0 ? new byte[0] : Arrays.copyOfRange(segment, eq + 1, segment.length);
            pairs.add(new byte[][] {percentDecode(key), percentDecode(value)});
        }
        Charset charset = charsetOf(pairs);
        Map<String, String> fields = new LinkedHashMap<>();
        for (byte[][] pair : pairs) {
            String key = NotificationFields.decode(pair[0], charset, "The body");
            if (key.isEmpty()) {
                throw new UnreadableNotification("The body holds a value without a field name.");
            }
            String value = NotificationFields.decode(pair[1], charset, "Field " + key);
            if (fields.putIfAbsent(key, value) != null) {
                throw new UnreadableNotification("Field " + key + " appears more than once.");
            }
        }
        return new AlipayForm(charset, fields);
    }

    Charset charset() {
        return charset;
    }

    /** Every field as received, empty values included (the SDK leaves those out of the signed content itself). */
    Map<String, String> fields() {
        return fields;
    }

    /**
     * A field's value; an empty value counts as absent, as Alipay does not sign empty values and an unsigned value
     * must not be read.
     */
    Optional<String> optional(String name) {
        String value = fields.get(name);
        return value == null || value.isEmpty() ? Optional.empty() : Optional.of(value);
    }

    String required(String name) {
        return optional(name).orElseThrow(() -> new UnreadableNotification("Field " + name + " is missing."));
    }

    private static Charset charsetOf(List<byte[][]> pairs) {
        Charset found = null;
        for (byte[][] pair : pairs) {
            if (new String(pair[0], StandardCharsets.ISO_8859_1).equals("charset")) {
                if (found != null) {
                    throw new UnreadableNotification("Field charset appears more than once.");
                }
                String name = new String(pair[1], StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
                found = CHARSETS.get(name);
                if (found == null) {
                    throw new UnreadableNotification("Field charset must be utf-8, gbk or gb2312.");
                }
            }
        }
        return found == null ? StandardCharsets.UTF_8 : found;
    }

    private static byte[] percentDecode(byte[] encoded) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(encoded.length);
        for (int i = 0; i < encoded.length; i++) {
            byte b = encoded[i];
            if (b == '+') {
                out.write(' ');
            } else if (b == '%') {
                int high = i + 1 < encoded.length ? Character.digit(encoded[i + 1], 16) : -1;
                int low = i + 2 < encoded.length ? Character.digit(encoded[i + 2], 16) : -1;
                if (high < 0 || low < 0) {
                    throw new UnreadableNotification("The body is not a valid form: it has a broken percent-escape.");
                }
                out.write(high << 4 | low);
                i += 2;
            } else {
                out.write(b);
            }
        }
        return out.toByteArray();
    }

    private static List<byte[]> split(byte[] bytes, byte separator) {
        List<byte[]> parts = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= bytes.length; i++) {
            if (i == bytes.length || bytes[i] == separator) {
                parts.add(Arrays.copyOfRange(bytes, start, i));
                start = i + 1;
            }
        }
        return parts;
    }

    private static int indexOf(byte[] bytes, byte wanted) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == wanted) {
                return i;
            }
        }
        return -1;
    }
}
