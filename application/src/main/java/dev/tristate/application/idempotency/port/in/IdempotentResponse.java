package dev.tristate.application.idempotency.port.in;

import java.util.Objects;

/** The answer to an idempotent POST; {@code replayed} when it is the stored answer to an earlier identical request. */
public record IdempotentResponse(RenderedResponse response, boolean replayed) {
    public IdempotentResponse {
        Objects.requireNonNull(response, "response");
    }

    public static IdempotentResponse fresh(RenderedResponse response) {
        return new IdempotentResponse(response, false);
    }

    public static IdempotentResponse replay(RenderedResponse response) {
        return new IdempotentResponse(response, true);
    }
}
