package dev.tristate.application.payment.port.in;

/**
 * The channel definitely refused the trade (an unknown merchant, a request it calls invalid): nothing was created
 * and nothing stored under the Idempotency-Key. Sending the same request again is refused again until what the
 * channel names is repaired. {@code reason} is the channel's answer in words, never a secret.
 */
public final class ChannelRefused extends RuntimeException {

    private final String channel;
    private final String reason;

    public ChannelRefused(String channel, String reason) {
        super("channel " + channel + " refused the trade: " + reason);
        this.channel = channel;
        this.reason = reason;
    }

    public String channel() {
        return channel;
    }

    public String reason() {
        return reason;
    }
}
