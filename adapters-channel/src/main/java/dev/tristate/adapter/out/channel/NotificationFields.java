package dev.tristate.adapter.out.channel;

import dev.tristate.domain.Identifiers;
import dev.tristate.domain.money.Money;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** Checks shared by every channel format, each failing with a reason that names the field. */
public final class NotificationFields {

    /** Ids end up in the domain's identifiers and in VARCHAR(64) columns (notify_id, trade_no, payment_id, account). */
    public static final int MAX_ID_LENGTH = 64;

    public static final String BODY_TOO_LARGE = "The body is larger than the size limit.";
    public static final String HEADERS_TOO_LARGE = "The headers are larger than the size limit.";

    private NotificationFields() {
    }

    /** The body as text, refusing bytes that are not valid in the charset instead of replacing them. */
    public static String decode(byte[] bytes, Charset charset, String what) {
        try {
            return charset.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new UnreadableNotification(what + " is not valid " + charset.name() + ".");
        }
    }

    public static String utf8Body(byte[] body) {
        return decode(body, StandardCharsets.UTF_8, "The body");
    }

    /** An id the domain can hold: 1 to 64 printable ASCII characters (the domain's own rule). */
    public static String identifier(String field, String value) {
        try {
            return Identifiers.printable(field, value, MAX_ID_LENGTH);
        } catch (IllegalArgumentException e) {
            throw new UnreadableNotification("Field " + e.getMessage() + ".");
        }
    }

    /** Money from minor units and an upper-case ISO 4217 code; the currency's reason names {@code currencyField}. */
    public static Money money(long minor, String currencyCode, String currencyField) {
        try {
            return Money.of(minor, currencyCode);
        } catch (IllegalArgumentException e) {
            throw new UnreadableNotification(
                    "Field " + currencyField + " must be an upper-case ISO 4217 code of a currency with minor units.");
        }
    }
}
