package dev.tristate.adapter.in.web.problem;

import dev.tristate.application.payment.port.in.Rejection;
import dev.tristate.application.shared.port.in.FieldError;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The catalogue of the API's problems: one factory per stable code, with its status and title. Details are written
 * here or by the caller from values it checked; never from an exception's message, which may name classes, SQL or
 * a library's internals.
 */
public final class Problems {

    private Problems() {
    }

    public static Problem unauthenticated(String detail) {
        return Problem.of(401, "UNAUTHENTICATED", "Authentication required", detail)
                .withHeader("WWW-Authenticate", "Bearer");
    }

    public static Problem idempotencyKeyMissing() {
        return Problem.of(400, "IDEMPOTENCY_KEY_MISSING", "Idempotency-Key missing",
                "every POST needs an Idempotency-Key header (1-255 printable ASCII characters)");
    }

    public static Problem idempotencyKeyInvalid() {
        return Problem.of(400, "IDEMPOTENCY_KEY_INVALID", "Idempotency-Key invalid",
                "the Idempotency-Key header must be 1-255 printable ASCII characters");
    }

    public static Problem idempotencyKeyReused() {
        return Problem.of(422, "IDEMPOTENCY_KEY_REUSED", "Idempotency-Key reused",
                "this Idempotency-Key was already used for a different request; use a new key for a new request");
    }

    public static Problem idempotencyKeyInUse(Duration retryAfter) {
        return Problem.of(409, "IDEMPOTENCY_KEY_IN_USE", "Idempotency-Key in use",
                "a request with this Idempotency-Key is still being processed; send it again later")
                .withRetryAfter(retryAfter);
    }

    public static Problem malformedRequest(String detail) {
        return Problem.of(400, "MALFORMED_REQUEST", "Malformed request", detail);
    }

    public static Problem validationFailed(List<FieldError> errors) {
        String detail = errors.size() == 1
                ? errors.get(0).field() + " " + errors.get(0).message()
                : errors.size() + " fields are invalid: "
                        + String.join(", ", errors.stream().map(FieldError::field).toList());
        List<Map<String, String>> members = errors.stream().map(e -> {
            Map<String, String> member = new LinkedHashMap<>();
            member.put("field", e.field());
            member.put("message", e.message());
            return member;
        }).toList();
        return Problem.of(422, "VALIDATION_FAILED", "Validation failed", detail).withExtension("errors", members);
    }

    public static Problem channelNotConfigured(String channel) {
        return Problem.of(422, "CHANNEL_NOT_CONFIGURED", "Channel not configured",
                "this merchant has no account at channel " + channel);
    }

    public static Problem channelUnavailable(String channel) {
        return Problem.of(502, "CHANNEL_UNAVAILABLE", "Channel unavailable",
                "channel " + channel + " did not accept the trade; nothing was created, the request may be sent again");
    }

    /** The channel said no for certain: a 4xx naming its reason, not a 502 that invites the same request again. */
    public static Problem channelRefused(String channel, String reason) {
        return Problem.of(422, "CHANNEL_REFUSED", "Channel refused the trade",
                "channel " + channel + " refused the trade; nothing was created: " + reason);
    }

    public static Problem paymentNotFound(String paymentId) {
        return Problem.of(404, "PAYMENT_NOT_FOUND", "Payment not found", "no payment " + paymentId);
    }

    public static Problem refundNotFound(String refundId) {
        return Problem.of(404, "REFUND_NOT_FOUND", "Refund not found", "no refund " + refundId + " of this payment");
    }

    /** An id that cannot name a refund: not found, like any other; the id is not echoed. */
    public static Problem refundNotFound() {
        return Problem.of(404, "REFUND_NOT_FOUND", "Refund not found", "no such refund of this payment");
    }

    public static Problem refundExceedsCaptured(String detail) {
        return Problem.of(422, "REFUND_EXCEEDS_CAPTURED", "Refund exceeds captured amount",
                "the refunds of a payment cannot add up to more than it captured: " + detail);
    }

    public static Problem paymentNotRefundable(String paymentStatus) {
        return Problem.of(409, "PAYMENT_NOT_REFUNDABLE", "Payment not refundable",
                "the payment is " + paymentStatus + "; only a paid payment with money left to refund is refunded");
    }

    /** An id that cannot name a payment: not found, like any other; the id is not echoed. */
    public static Problem paymentNotFound() {
        return Problem.of(404, "PAYMENT_NOT_FOUND", "Payment not found", "no such payment");
    }

    public static Problem payloadTooLarge(long limitBytes) {
        return Problem.of(413, "PAYLOAD_TOO_LARGE", "Payload too large",
                "the request body is larger than " + limitBytes + " bytes");
    }

    public static Problem overloaded(Duration retryAfter) {
        return Problem.of(503, "OVERLOADED", "Overloaded",
                "too many requests are being processed; send this one again later").withRetryAfter(retryAfter);
    }

    public static Problem rateLimited(Duration retryAfter) {
        return Problem.of(429, "RATE_LIMITED", "Too many requests",
                "this API key sent more requests than its rate allows; send this one again later")
                .withRetryAfter(retryAfter);
    }

    public static Problem requestTimeout() {
        return Problem.of(408, "REQUEST_TIMEOUT", "Request timeout",
                "the request body did not arrive in time; nothing was changed");
    }

    /** A request the HTTP layer refused as sent: a path, header or character it does not accept. */
    public static Problem requestRejected() {
        return Problem.of(400, "MALFORMED_REQUEST", "Malformed request",
                "the request was rejected: its path, a header or a character in it is not accepted");
    }

    public static Problem serviceUnavailable() {
        return Problem.of(503, "SERVICE_UNAVAILABLE", "Service unavailable",
                "the request could not be processed now; nothing was changed, send it again later")
                .withRetryAfter(Duration.ofSeconds(1));
    }

    public static Problem internalError() {
        return Problem.of(500, "INTERNAL_ERROR", "Internal error",
                "the request failed on our side; it has been logged");
    }

    public static Problem notFound() {
        return Problem.of(404, "NOT_FOUND", "Not found", "there is no such resource");
    }

    public static Problem methodNotAllowed(String method, Collection<String> allowed) {
        return Problem.of(405, "METHOD_NOT_ALLOWED", "Method not allowed",
                method + " is not allowed here; allowed: " + String.join(", ", allowed))
                .withHeader("Allow", String.join(", ", allowed));
    }

    public static Problem unsupportedMediaType(Collection<String> supported) {
        Problem problem = Problem.of(415, "UNSUPPORTED_MEDIA_TYPE", "Unsupported media type",
                "the request body must be sent as " + String.join(" or ", supported));
        return supported.isEmpty() ? problem : problem.withHeader("Accept", String.join(", ", supported));
    }

    public static Problem notAcceptable(Collection<String> producible) {
        return Problem.of(406, "NOT_ACCEPTABLE", "Not acceptable",
                "the answer is available as " + String.join(" or ", producible)
                        + "; the Accept header asks for none of them");
    }

    /** Any other refusal by the HTTP layer, named by its status only. */
    public static Problem httpStatus(int status, String reason) {
        String code = reason.toUpperCase(java.util.Locale.ROOT).replaceAll("[^A-Z0-9]+", "_");
        return Problem.of(status, code, reason, "the request cannot be processed as sent");
    }

    /** A definite refusal of a use case, which is stored and replayed under its Idempotency-Key. */
    public static Problem of(Rejection rejection) {
        if (rejection instanceof Rejection.ValidationFailed failed) {
            return validationFailed(failed.errors());
        }
        if (rejection instanceof Rejection.ChannelNotConfigured notConfigured) {
            return channelNotConfigured(notConfigured.channel());
        }
        if (rejection instanceof Rejection.RefundExceedsCaptured exceeds) {
            return refundExceedsCaptured(exceeds.detail());
        }
        if (rejection instanceof Rejection.PaymentNotRefundable notRefundable) {
            return paymentNotRefundable(notRefundable.paymentStatus());
        }
        throw new IllegalArgumentException("no problem defined for " + rejection.getClass().getSimpleName());
    }
}
