package dev.tristate.application.payment.port.in;

import java.time.Duration;
import java.util.Objects;

/**
 * The channel did not answer in time: it may or may not have registered the trade. The payment was not created;
 * the same request with the same Idempotency-Key registers the same trade again, which the channel accepts (503).
 */
public final class ChannelOutcomeUnknown extends RuntimeException {

    private final String channel;
    private final Duration retryAfter;

    public ChannelOutcomeUnknown(String channel, Duration retryAfter) {
        super("the outcome of the call to channel " + channel + " is unknown");
        this.channel = channel;
        this.retryAfter = Objects.requireNonNull(retryAfter, "retry after");
    }

    public String channel() {
        return channel;
    }

    public Duration retryAfter() {
        return retryAfter;
    }
}
