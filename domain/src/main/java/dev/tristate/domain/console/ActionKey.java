package dev.tristate.domain.console;

import dev.tristate.domain.Identifiers;

/**
 * Names one operator action: the console puts a fresh key into every form it renders, so submitting the same form twice
 * (a double click, a reload, a retry after a timeout) carries the same key, and the audit log's unique key on it lets
 * the action happen once.
 */
public record ActionKey(String value) {
    public ActionKey {
        Identifiers.token("action key", value, 100);
        if (value.length() < 8) {
            throw new IllegalArgumentException("an action key has at least 8 characters");
        }
    }

    /** The key of one part of a bulk action: derived, so the whole bulk action repeats as one. */
    public ActionKey part(String partId) {
        return new ActionKey(value + ":" + partId);
    }

    @Override
    public String toString() {
        return value;
    }
}
