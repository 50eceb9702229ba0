package dev.tristate.application.idempotency.port.in;

import java.util.Objects;

/** An HTTP answer as the web adapter rendered it: the status and the exact body, to be sent (and kept) as is. */
public record RenderedResponse(int status, String body) {
    public RenderedResponse {
        if (status < 100 || status > 599) {
            throw new IllegalArgumentException("not an HTTP status: " + status);
        }
        Objects.requireNonNull(body, "body");
    }
}
