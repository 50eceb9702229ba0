package dev.tristate.adapter.in.web.problem;

import java.io.IOException;

/** A request body read past its limit; the advice answers 413 PAYLOAD_TOO_LARGE. */
public class RequestBodyTooLarge extends IOException {

    private final long limitBytes;

    public RequestBodyTooLarge(long limitBytes) {
        super("request body exceeds " + limitBytes + " bytes");
        this.limitBytes = limitBytes;
    }

    public long limitBytes() {
        return limitBytes;
    }
}
