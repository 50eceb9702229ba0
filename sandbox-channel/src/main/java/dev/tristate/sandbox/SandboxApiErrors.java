package dev.tristate.sandbox;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * The channel's JSON API answers errors in the channel's own shape, {@code {"code","message"}}, not in the host's
 * problem JSON; it runs before any advice of the host, for the channel's controllers only.
 */
@RestControllerAdvice(assignableTypes = {TradeApiController.class, StatementController.class})
@Order(Ordered.HIGHEST_PRECEDENCE)
class SandboxApiErrors {

    @ExceptionHandler(SandboxApiException.class)
    ResponseEntity<byte[]> answer(SandboxApiException exception) {
        return JsonResponses.error(exception.status(), exception.code(), exception.getMessage());
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<byte[]> unreadable(HttpMessageNotReadableException exception) {
        return JsonResponses.error(HttpStatus.BAD_REQUEST, "INVALID", "a JSON object body is required");
    }
}
