package dev.tristate.application.payment.port.in;

/**
 * The channel refused or failed the call, for certain, before anything was created: nothing was stored under the
 * Idempotency-Key, so the same request may be sent again at once (502).
 */
public final class ChannelUnavailable extends RuntimeException {

    private final String channel;

    public ChannelUnavailable(String channel) {
        super("channel " + channel + " is unavailable");
        this.channel = channel;
    }

    public String channel() {
        return channel;
    }
}
