package dev.tristate.application.payment.port.in;

import dev.tristate.application.shared.port.in.FieldError;
import java.util.List;
import java.util.Objects;

/**
 * A definite "no" to a request: sending the same request again can only get the same answer. It is therefore stored
 * under the request's Idempotency-Key like a success, and replayed.
 */
public sealed interface Rejection {

    /** Fields that break the rules, in the order of the API's field list. */
    record ValidationFailed(List<FieldError> errors) implements Rejection {
        public ValidationFailed {
            errors = List.copyOf(errors);
            if (errors.isEmpty()) {
                throw new IllegalArgumentException("a failed validation names at least one field");
            }
        }
    }

    /** The payment's channel exists, but the tenant no longer has an account there (a refund cannot go through). */
    record ChannelNotConfigured(String channel) implements Rejection {
        public ChannelNotConfigured {
            Objects.requireNonNull(channel, "channel");
        }
    }

    /** The refunds would add up to more than the payment captured; {@code detail} says by how much. */
    record RefundExceedsCaptured(String detail) implements Rejection {
        public RefundExceedsCaptured {
            Objects.requireNonNull(detail, "detail");
        }
    }

    /** The payment is not paid (or nothing is left to refund), so it cannot be refunded now. */
    record PaymentNotRefundable(String paymentStatus) implements Rejection {
        public PaymentNotRefundable {
            Objects.requireNonNull(paymentStatus, "payment status");
        }
    }
}
