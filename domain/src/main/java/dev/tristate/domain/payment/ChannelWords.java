package dev.tristate.domain.payment;

import java.time.Instant;
import java.util.Objects;

/**
 * What a channel answered, in its own words, as support staff are shown it: the text as received, cut to
 * {@link #MAX_TEXT} characters so that one talkative answer cannot swell a row or a page, with the length of the whole
 * so that a cut is never mistaken for the end of the answer. Only answers to our own questions (status and refund
 * queries, refund requests) are kept this way: they hold no payer secret, unlike a callback's raw bytes.
 */
public record ChannelWords(String text, int length, Instant receivedAt) {

    /** The most characters kept (and shown) of one answer. */
    public static final int MAX_TEXT = 2_000;

    public ChannelWords {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(receivedAt, "received at");
        if (text.length() > MAX_TEXT) {
            throw new IllegalArgumentException("the channel's words are kept to " + MAX_TEXT + " characters");
        }
        if (length < text.length()) {
            throw new IllegalArgumentException("the whole answer (" + length + ") is shorter than its text ("
                    + text.length() + ")");
        }
    }

    /** The answer {@code raw} received at {@code receivedAt}, cut to {@link #MAX_TEXT} characters where longer. */
    public static ChannelWords of(String raw, Instant receivedAt) {
        Objects.requireNonNull(raw, "raw answer");
        if (raw.length() <= MAX_TEXT) {
            return new ChannelWords(raw, raw.length(), receivedAt);
        }
        // Never half a surrogate pair: the cut text must stay valid for the database and the page.
        int end = Character.isHighSurrogate(raw.charAt(MAX_TEXT - 1)) ? MAX_TEXT - 1 : MAX_TEXT;
        return new ChannelWords(raw.substring(0, end), raw.length(), receivedAt);
    }

    /** Whether the answer was longer than the text kept. */
    public boolean cut() {
        return length > text.length();
    }
}
