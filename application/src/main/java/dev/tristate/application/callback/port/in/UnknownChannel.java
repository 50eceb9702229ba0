package dev.tristate.application.callback.port.in;

/** A notification for a channel the system does not know: the caller answers 404. */
public class UnknownChannel extends RuntimeException {
    public UnknownChannel(String channel) {
        super("unknown channel: " + channel);
    }
}
