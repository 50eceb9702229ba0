package dev.tristate.adapter.in.web.merchant;

import dev.tristate.adapter.in.web.problem.Problem;
import dev.tristate.adapter.in.web.problem.ProblemJson;
import dev.tristate.adapter.in.web.problem.Problems;
import dev.tristate.application.idempotency.port.in.RenderedResponse;
import dev.tristate.application.payment.port.in.Rejection;
import dev.tristate.application.refund.port.in.RefundResponseRenderer;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.payment.RefundId;
import dev.tristate.domain.payment.RefundStatus;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * The merchant API's refund JSON: the contract's {@code {"refund_id","status","amount_minor"}} first, then
 * {@code payment_id}, {@code currency}, {@code reason}, {@code failure_reason} and {@code created_at} (null when
 * absent, never omitted). A private mapper, as in {@link PaymentJson}: the bytes are stored and replayed.
 */
final class RefundJson implements RefundResponseRenderer {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final String instance;

    RefundJson(String instance) {
        this.instance = instance;
    }

    @Override
    public RenderedResponse answered(Refund refund) {
        // Settled by the channel (either way): 201. Still open (PENDING, UNKNOWN): 202, the answer is not final.
        int status = refund.status().isOpen() ? 202 : 201;
        return new RenderedResponse(status, JSON.writeValueAsString(fields(refund)));
    }

    @Override
    public RenderedResponse rejected(Rejection rejection) {
        Problem problem = Problems.of(rejection);
        return new RenderedResponse(problem.status(), ProblemJson.render(problem, instance));
    }

    @Override
    public RenderedResponse outcomeUnknown(RefundId refundId, Money amount) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("refund_id", refundId.value());
        body.put("status", RefundStatus.UNKNOWN.name());
        body.put("amount_minor", amount.minor());
        body.put("currency", amount.currencyCode());
        return new RenderedResponse(202, JSON.writeValueAsString(body));
    }

    static byte[] view(Refund refund) {
        return JSON.writeValueAsBytes(fields(refund));
    }

    static Map<String, Object> fields(Refund refund) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("refund_id", refund.id().value());
        body.put("status", refund.status().name());
        body.put("amount_minor", refund.amount().minor());
        body.put("payment_id", refund.paymentId().value());
        body.put("currency", refund.amount().currencyCode());
        body.put("reason", refund.reason());
        body.put("failure_reason", refund.failureReason());
        body.put("created_at", PaymentJson.rfc3339(refund.createdAt()));
        return body;
    }
}
