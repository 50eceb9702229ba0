package dev.tristate.adapter.in.web.problem;

import java.io.IOException;
import java.time.Duration;

/** A request body still arriving after its read deadline; the advice answers 408 REQUEST_TIMEOUT. */
public class RequestBodyTimedOut extends IOException {

    private final Duration timeout;

    public RequestBodyTimedOut(Duration timeout) {
        super("request body not complete within " + timeout);
        this.timeout = timeout;
    }

    public Duration timeout() {
        return timeout;
    }
}
