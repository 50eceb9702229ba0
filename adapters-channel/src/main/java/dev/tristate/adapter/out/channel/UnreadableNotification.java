package dev.tristate.adapter.out.channel;

import dev.tristate.application.callback.port.out.ParseResult;

/**
 * Thrown while reading a notification that cannot be read. It never leaves a format: {@code parse} turns it into
 * {@link ParseResult.Malformed}. The reason is a short English sentence naming the field, safe to show to support
 * staff: it never echoes the offending value.
 */
public final class UnreadableNotification extends RuntimeException {

    public UnreadableNotification(String reason) {
        // No stack trace: this is an expected outcome of reading untrusted input, not a defect.
        super(reason, null, false, false);
    }

    public ParseResult.Malformed malformed() {
        return new ParseResult.Malformed(getMessage());
    }
}
