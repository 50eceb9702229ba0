package dev.tristate.application.reconciliation.port.in;

/** The channel did not give its statement (not reached, timed out, refused, or it has no statement download). */
public final class StatementUnavailable extends RuntimeException {

    public StatementUnavailable(String message, Throwable cause) {
        super(message, cause);
    }
}
