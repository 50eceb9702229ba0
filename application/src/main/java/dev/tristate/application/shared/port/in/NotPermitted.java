package dev.tristate.application.shared.port.in;

/** The signed-in person's role does not allow the action (SUPPORT asked to repair). Nothing was done. */
public class NotPermitted extends RuntimeException {
    public NotPermitted(String message) {
        super(message);
    }
}
