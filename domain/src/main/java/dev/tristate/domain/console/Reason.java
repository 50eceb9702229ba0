package dev.tristate.domain.console;

import java.util.Objects;

/** Why an operator acted: required for every repair, kept in the audit log. */
public record Reason(String text) {
    public static final int MAX_LENGTH = 512;

    public Reason {
        Objects.requireNonNull(text, "reason");
        text = text.strip();
        if (text.length() < 3) {
            throw new IllegalArgumentException("a reason is required (at least 3 characters)");
        }
        if (text.length() > MAX_LENGTH) {
            throw new IllegalArgumentException("a reason has at most " + MAX_LENGTH + " characters");
        }
    }

    @Override
    public String toString() {
        return text;
    }
}
