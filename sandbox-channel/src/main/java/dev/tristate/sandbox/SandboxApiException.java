package dev.tristate.sandbox;

import org.springframework.http.HttpStatus;

/** An answer other than success from the channel's JSON API: {@code {"code": ..., "message": ...}}. */
final class SandboxApiException extends RuntimeException {

    private final HttpStatus status;
    private final String code;

    private SandboxApiException(HttpStatus status, String code, String message) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
    }

    static SandboxApiException invalid(String message) {
        return new SandboxApiException(HttpStatus.BAD_REQUEST, "INVALID", message);
    }

    static SandboxApiException conflict(String message) {
        return new SandboxApiException(HttpStatus.CONFLICT, "CONFLICT", message);
    }

    static SandboxApiException notFound(String message) {
        return new SandboxApiException(HttpStatus.NOT_FOUND, "NOT_FOUND", message);
    }

    HttpStatus status() {
        return status;
    }

    String code() {
        return code;
    }
}
