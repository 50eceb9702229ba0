package dev.tristate.application.shared.port.in;

/**
 * What a person entered cannot be used (a blank reason, a malformed id, a user name with a space): their mistake, to
 * be shown to them with this message, and nothing was done. Distinct from {@link IllegalArgumentException} and
 * {@link IllegalStateException}, which inside the application mean a broken invariant: a fault of ours.
 */
public final class InvalidInput extends RuntimeException {

    public InvalidInput(String message) {
        super(message);
    }
}
