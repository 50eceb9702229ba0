package dev.tristate.simulator.stripe;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** Stripe's error JSON for the simulator's own controllers, ahead of any advice of the host. */
@RestControllerAdvice(assignableTypes = {ApiController.class, ControlsController.class})
@Order(Ordered.HIGHEST_PRECEDENCE)
class ApiErrors {

    @ExceptionHandler(StripeApiError.class)
    ResponseEntity<byte[]> answer(StripeApiError error) {
        return Json.answer(error.status(), error.body());
    }

    @ExceptionHandler({IllegalArgumentException.class, ArithmeticException.class})
    ResponseEntity<byte[]> invalid(RuntimeException error) {
        return Json.answer(400, StripeApiError.body("invalid_request_error", "parameter_invalid",
                error.getMessage(), null));
    }
}
