package dev.tristate.adapter.in.web.merchant;

import dev.tristate.adapter.in.web.problem.ApiProblemException;
import dev.tristate.adapter.in.web.problem.Problems;
import dev.tristate.application.refund.port.in.CreateRefundUseCase.CreateRefundCommand;
import dev.tristate.application.refund.port.in.CreateRefundUseCase;
import dev.tristate.application.refund.port.in.GetRefundQuery;
import dev.tristate.domain.idempotency.IdempotencyKey;
import dev.tristate.domain.idempotency.RequestFingerprint;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.RefundId;
import dev.tristate.domain.tenant.TenantId;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /api/v1/payments/{payment_id}/refunds}. The checks in the order of the payment endpoint: who (the guard
 * filter), which key (400), which payment id (404 when it cannot name one), is the body JSON (400); the rest is
 * decided by the use case while it holds the key, so that its answer is stored and replayed.
 */
@RestController
class MerchantRefundController {

    static final String REFUNDS = MerchantPaymentController.PAYMENTS + "/{paymentId}/refunds";

    private final CreateRefundUseCase createRefund;
    private final GetRefundQuery getRefund;

    MerchantRefundController(CreateRefundUseCase createRefund, GetRefundQuery getRefund) {
        this.createRefund = createRefund;
        this.getRefund = getRefund;
    }

    @PostMapping(path = REFUNDS, consumes = MediaType.APPLICATION_JSON_VALUE,
            produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<byte[]> create(@RequestAttribute(MerchantApiGuardFilter.TENANT) TenantId tenant,
                                  @RequestHeader(name = IdempotencyKeyHeader.NAME, required = false) String key,
                                  @PathVariable String paymentId, @RequestBody(required = false) byte[] body,
                                  HttpServletRequest request) {
        IdempotencyKey idempotencyKey = IdempotencyKeyHeader.parse(key);
        PaymentId id = MerchantPaymentController.parsePaymentId(paymentId);
        RefundRequestJson.Parsed parsed = RefundRequestJson.read(body);
        RequestFingerprint fingerprint = RequestFingerprint.of("POST", MerchantPaymentController.PAYMENTS + "/"
                + id.value() + "/refunds", parsed.canonicalBody());
        return PaymentJson.toResponse(createRefund.createRefund(new CreateRefundCommand(tenant, idempotencyKey,
                fingerprint, id, parsed.request(), new RefundJson(request.getRequestURI()))));
    }

    @GetMapping(path = REFUNDS + "/{refundId}", produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<byte[]> get(@RequestAttribute(MerchantApiGuardFilter.TENANT) TenantId tenant,
                               @PathVariable String paymentId, @PathVariable String refundId) {
        // A refund is looked up under its payment: any id pair that names none is the same 404, malformed or not.
        PaymentId id;
        try {
            id = MerchantPaymentController.parsePaymentId(paymentId);
        } catch (ApiProblemException notAPaymentId) {
            throw new ApiProblemException(Problems.refundNotFound());
        }
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON)
                .body(RefundJson.view(getRefund.getRefund(tenant, id, parseRefundId(refundId))));
    }

    private static RefundId parseRefundId(String raw) {
        try {
            if (RefundId.isRefundId(raw)) {
                return new RefundId(raw);
            }
        } catch (IllegalArgumentException e) {
            // answered below
        }
        throw new ApiProblemException(Problems.refundNotFound());
    }
}
