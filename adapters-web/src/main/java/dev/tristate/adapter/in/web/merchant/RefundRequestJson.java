package dev.tristate.adapter.in.web.merchant;

import static dev.tristate.application.refund.port.in.CreateRefundUseCase.RefundRequest.AMOUNT_MINOR;
import static dev.tristate.application.refund.port.in.CreateRefundUseCase.RefundRequest.REASON;

import dev.tristate.application.refund.port.in.CreateRefundUseCase.RefundRequest;
import dev.tristate.application.shared.port.in.FieldError;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads the body of {@code POST /api/v1/payments/{id}/refunds}: JSON types here (with the payment request's checks),
 * the value rules in the application after it holds the Idempotency-Key.
 */
final class RefundRequestJson {

    record Parsed(String canonicalBody, RefundRequest request) {
    }

    private RefundRequestJson() {
    }

    static Parsed read(byte[] body) {
        ObjectNode json = CanonicalJson.parseObject(body);
        List<FieldError> malformed = new ArrayList<>();
        RefundRequest request = new RefundRequest(PaymentRequestJson.minorUnits(json, AMOUNT_MINOR, malformed),
                PaymentRequestJson.text(json, REASON, malformed), malformed);
        return new Parsed(CanonicalJson.canonical(json), request);
    }
}
