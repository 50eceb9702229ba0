package dev.tristate.domain.notification;

import java.util.Objects;

/** What to send back to the channel, in the channel's own format (the channel adapter renders it). */
public record ChannelAnswer(int httpStatus, String contentType, String body) {
    public ChannelAnswer {
        if (httpStatus < 100 || httpStatus > 599) {
            throw new IllegalArgumentException("not an HTTP status: " + httpStatus);
        }
        Objects.requireNonNull(contentType, "content type");
        Objects.requireNonNull(body, "body");
    }
}
