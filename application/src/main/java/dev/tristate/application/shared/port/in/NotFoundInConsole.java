package dev.tristate.application.shared.port.in;

/** The console asked for something (a case, an event, a tenant) that does not exist. */
public class NotFoundInConsole extends RuntimeException {
    public NotFoundInConsole(String message) {
        super(message);
    }
}
