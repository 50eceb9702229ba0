package dev.tristate.adapter.in.web.problem;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.payment.port.in.Rejection;
import dev.tristate.application.shared.port.in.FieldError;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.ResponseEntity;

class ProblemJsonTest {

    @Test
    void membersComeInRfc9457OrderThenTheCodeThenExtensions() {
        Problem problem = Problems.validationFailed(List.of(new FieldError("amount_minor", "must be an integer")));

        assertThat(ProblemJson.render(problem, "/api/v1/payments")).isEqualTo("{"
                + "\"type\":\"urn:tristate:problem:validation-failed\",\"title\":\"Validation failed\","
                + "\"status\":422,\"detail\":\"amount_minor must be an integer\",\"instance\":\"/api/v1/payments\","
                + "\"code\":\"VALIDATION_FAILED\",\"errors\":[{\"field\":\"amount_minor\","
                + "\"message\":\"must be an integer\"}]}");
    }

    @Test
    void headersTravelWithTheProblemAndRetryAfterIsWholeSecondsRoundedUp() {
        ResponseEntity<byte[]> response = ProblemJson.response(
                Problems.idempotencyKeyInUse(Duration.ofMillis(2_100)), "/x");

        assertThat(response.getStatusCode().value()).isEqualTo(409);
        assertThat(response.getHeaders().getFirst("Retry-After")).isEqualTo("3");
        assertThat(response.getHeaders().getContentType()).hasToString("application/problem+json");
        assertThat(Problems.overloaded(Duration.ZERO).headers()).containsEntry("Retry-After", "1");
    }

    @Test
    void everyRejectionHasAProblem() {
        assertThat(Problems.of(new Rejection.ChannelNotConfigured("sandbox")).code())
                .isEqualTo("CHANNEL_NOT_CONFIGURED");
        assertThat(Problems.of(new Rejection.ValidationFailed(List.of(new FieldError("sku", "is required")))).status())
                .isEqualTo(422);
    }

    @Test
    void severalFieldErrorsAreNamedInTheDetail() {
        Problem problem = Problems.validationFailed(List.of(new FieldError("currency", "x"),
                new FieldError("sku", "y")));

        assertThat(problem.detail()).isEqualTo("2 fields are invalid: currency, sku");
    }
}
