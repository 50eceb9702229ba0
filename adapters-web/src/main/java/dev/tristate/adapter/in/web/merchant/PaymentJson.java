package dev.tristate.adapter.in.web.merchant;

import dev.tristate.adapter.in.web.problem.Problem;
import dev.tristate.adapter.in.web.problem.ProblemJson;
import dev.tristate.adapter.in.web.problem.Problems;
import dev.tristate.application.idempotency.port.in.IdempotentResponse;
import dev.tristate.application.idempotency.port.in.RenderedResponse;
import dev.tristate.application.payment.port.in.PaymentResponseRenderer;
import dev.tristate.application.payment.port.in.Rejection;
import dev.tristate.domain.entitlement.Entitlement;
import dev.tristate.domain.payment.PayInstruction;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.payment.Refund;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.json.JsonMapper;

/**
 * The merchant API's payment JSON: snake_case, fields in the contract's order, absent values written as
 * {@code null} (never omitted: the contract lists every field; inside {@code pay} only the method's own details are
 * written), times as RFC 3339 UTC. A private mapper, not the
 * application's, so that global Jackson settings cannot change bytes that are stored and replayed.
 */
final class PaymentJson implements PaymentResponseRenderer {

    static final String REPLAYED_HEADER = "Idempotent-Replayed";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final String instance;

    /** @param instance the request path, the {@code instance} of a problem answer */
    PaymentJson(String instance) {
        this.instance = instance;
    }

    @Override
    public RenderedResponse created(Payment payment, PayInstruction pay) {
        return new RenderedResponse(201, JSON.writeValueAsString(creation(payment, payment.status().name(), pay)));
    }

    @Override
    public RenderedResponse rejected(Rejection rejection) {
        Problem problem = Problems.of(rejection);
        return new RenderedResponse(problem.status(), ProblemJson.render(problem, instance));
    }

    @Override
    public RenderedResponse outcomeUnknown(Payment payment) {
        // How to pay is held back: the payment may not exist. A retry with the same key gets the 201 with it.
        return new RenderedResponse(202, JSON.writeValueAsString(creation(payment, PaymentStatus.UNKNOWN.name(), null)));
    }

    @Override
    public RenderedResponse tradeOutcomeUnknown(Payment payment) {
        // Stored PENDING with no way to pay: the channel's answer was lost, and a second trade is never made for it.
        return new RenderedResponse(202, JSON.writeValueAsString(creation(payment, payment.status().name(), null)));
    }

    /**
     * The contract's payment view; {@code entitlements} as {@code [{"sku","status","granted_at"}]}, oldest first, and
     * beyond the contract's fields {@code refunds}, the payment's refunds as {@link RefundJson} shows them.
     */
    static byte[] view(Payment payment, List<Entitlement> entitlements, List<Refund> refunds) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("payment_id", payment.id().value());
        body.put("status", payment.status().name());
        body.put("amount_minor", payment.amount().minor());
        body.put("currency", payment.amount().currencyCode());
        body.put("channel", payment.channel());
        body.put("channel_txn_id", payment.channelTxnId() == null ? null : payment.channelTxnId().value());
        body.put("paid_at", rfc3339(payment.paidAt()));
        body.put("refunded_minor", payment.refunded().minor());
        body.put("entitlements", entitlements.stream().map(PaymentJson::entitlement).toList());
        body.put("refunds", refunds.stream().map(RefundJson::fields).toList());
        return JSON.writeValueAsBytes(body);
    }

    private static Map<String, Object> entitlement(Entitlement entitlement) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("sku", entitlement.key().sku());
        body.put("status", entitlement.status().name());
        body.put("granted_at", rfc3339(entitlement.grantedAt()));
        return body;
    }

    /** The answer as rendered the first time; stored problems are problem JSON (every stored status >= 400 is). */
    static ResponseEntity<byte[]> toResponse(IdempotentResponse answer) {
        RenderedResponse response = answer.response();
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(response.status() >= 400 ? ProblemJson.PROBLEM_JSON : MediaType.APPLICATION_JSON);
        if (answer.replayed()) {
            headers.set(REPLAYED_HEADER, "true");
        }
        return ResponseEntity.status(response.status()).headers(headers)
                .body(response.body().getBytes(StandardCharsets.UTF_8));
    }

    private static Map<String, Object> creation(Payment payment, String status, PayInstruction pay) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("payment_id", payment.id().value());
        body.put("status", status);
        body.put("merchant_order_id", payment.merchantOrderId().value());
        body.put("amount_minor", payment.amount().minor());
        body.put("currency", payment.amount().currencyCode());
        body.put("channel", payment.channel());
        body.put("pay_url", pay == null ? null : pay.payUrl());
        body.put("pay", pay == null ? null : pay(pay));
        body.put("created_at", rfc3339(payment.createdAt()));
        return body;
    }

    /** {@code {"method"}} and only those of {@code qr_code}, {@code client_secret}, {@code jsapi} the method has. */
    private static Map<String, Object> pay(PayInstruction pay) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("method", pay.method());
        if (pay.qrCode() != null) {
            body.put("qr_code", pay.qrCode());
        }
        if (pay.clientSecret() != null) {
            body.put("client_secret", pay.clientSecret());
        }
        if (pay.jsapi() != null) {
            body.put("jsapi", pay.jsapi());
        }
        return body;
    }

    static String rfc3339(Instant instant) {
        return instant == null ? null : instant.toString();
    }
}
