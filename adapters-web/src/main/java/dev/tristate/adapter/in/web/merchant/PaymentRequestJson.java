package dev.tristate.adapter.in.web.merchant;

import static dev.tristate.application.payment.port.in.CreatePaymentUseCase.PaymentRequest.AMOUNT_MINOR;
import static dev.tristate.application.payment.port.in.CreatePaymentUseCase.PaymentRequest.CHANNEL;
import static dev.tristate.application.payment.port.in.CreatePaymentUseCase.PaymentRequest.CURRENCY;
import static dev.tristate.application.payment.port.in.CreatePaymentUseCase.PaymentRequest.DESCRIPTION;
import static dev.tristate.application.payment.port.in.CreatePaymentUseCase.PaymentRequest.MERCHANT_ORDER_ID;
import static dev.tristate.application.payment.port.in.CreatePaymentUseCase.PaymentRequest.PAY_METHOD;
import static dev.tristate.application.payment.port.in.CreatePaymentUseCase.PaymentRequest.RETURN_URL;
import static dev.tristate.application.payment.port.in.CreatePaymentUseCase.PaymentRequest.SKU;
import static dev.tristate.application.payment.port.in.CreatePaymentUseCase.PaymentRequest.USER_ID;

import dev.tristate.application.payment.port.in.CreatePaymentUseCase.PaymentRequest;
import dev.tristate.application.shared.port.in.FieldError;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads the body of {@code POST /api/v1/payments}: the JSON types are checked here (only the adapter sees them), the
 * rules for the values in the application, after it holds the Idempotency-Key. Unknown fields are ignored (they
 * still count for the fingerprint: a different body is a different request). The type checks are shared with the
 * refund request ({@link RefundRequestJson}).
 */
final class PaymentRequestJson {

    record Parsed(String canonicalBody, PaymentRequest request) {
    }

    private PaymentRequestJson() {
    }

    static Parsed read(byte[] body) {
        ObjectNode json = CanonicalJson.parseObject(body);
        List<FieldError> malformed = new ArrayList<>();
        PaymentRequest request = new PaymentRequest(
                text(json, MERCHANT_ORDER_ID, malformed),
                minorUnits(json, AMOUNT_MINOR, malformed),
                text(json, CURRENCY, malformed),
                text(json, CHANNEL, malformed),
                text(json, PAY_METHOD, malformed),
                text(json, USER_ID, malformed),
                text(json, SKU, malformed),
                text(json, DESCRIPTION, malformed),
                text(json, RETURN_URL, malformed),
                malformed);
        return new Parsed(CanonicalJson.canonical(json), request);
    }

    /** A string, or null when absent or JSON null; anything else is malformed. */
    static String text(ObjectNode json, String field, List<FieldError> malformed) {
        JsonNode value = json.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isString()) {
            malformed.add(new FieldError(field, "must be a string"));
            return null;
        }
        return value.stringValue();
    }

    /** An integer that fits a signed 64-bit long; never a fraction, an exponent or a string. */
    static Long minorUnits(ObjectNode json, String field, List<FieldError> malformed) {
        JsonNode value = json.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isIntegralNumber()) {
            malformed.add(new FieldError(field, value.isNumber()
                    ? "must be an integer number of minor units, not a fraction" : "must be an integer"));
            return null;
        }
        if (!value.canConvertToLong()) {
            malformed.add(new FieldError(field, "is too large"));
            return null;
        }
        return value.longValue();
    }
}
