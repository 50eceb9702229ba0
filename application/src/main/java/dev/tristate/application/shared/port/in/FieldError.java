package dev.tristate.application.shared.port.in;

import java.util.Objects;

/** One reason a request field was refused; {@code field} is the field's name in the API, the message says why. */
public record FieldError(String field, String message) {
    public FieldError {
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(message, "message");
    }
}
