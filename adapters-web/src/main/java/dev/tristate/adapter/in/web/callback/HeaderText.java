package dev.tristate.adapter.in.web.callback;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Header values as the sender meant them. Tomcat reads header bytes as ISO-8859-1, so a UTF-8 {@code User-Agent}
 * arrives as mojibake with C1 control characters in it; read again as UTF-8 (when the bytes are UTF-8) it is what
 * support staff should see in the notification log. Values that are not UTF-8 stay as Tomcat read them.
 */
final class HeaderText {

    private HeaderText() {
    }

    static String decoded(String value) {
        boolean beyondAscii = false;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c > 0xFF) {
                return value;
            }
            beyondAscii |= c > 0x7F;
        }
        if (!beyondAscii) {
            return value;
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(value.getBytes(StandardCharsets.ISO_8859_1))).toString();
        } catch (CharacterCodingException notUtf8) {
            return value;
        }
    }

    /** Printable ASCII only: what Spring Security's firewall lets through whatever its settings. */
    static boolean plain(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c > 0x7E) {
                return false;
            }
        }
        return true;
    }
}
