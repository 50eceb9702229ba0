package dev.tristate.adapter.in.web.merchant;

import dev.tristate.adapter.in.web.problem.ApiProblemException;
import dev.tristate.adapter.in.web.problem.Problems;
import dev.tristate.application.consumer.port.in.PaymentEntitlementsQuery;
import dev.tristate.application.payment.port.in.CreatePaymentUseCase.CreatePaymentCommand;
import dev.tristate.application.payment.port.in.CreatePaymentUseCase;
import dev.tristate.application.payment.port.in.GetPaymentQuery;
import dev.tristate.application.refund.port.in.GetRefundQuery;
import dev.tristate.domain.idempotency.IdempotencyKey;
import dev.tristate.domain.idempotency.RequestFingerprint;
import dev.tristate.domain.payment.PaymentId;
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
 * {@code /api/v1/payments}. The order of the checks is the order of the answers: who is calling (401, 429 and 503 in
 * the {@link MerchantApiGuardFilter}, which hands over the tenant), which key (400), is the body JSON at all (400);
 * everything after that, including the field rules, is decided by the use case while it holds the key, so that its
 * answer is stored and replayed. An id that cannot name a payment is not found (404), like one that names none.
 */
@RestController
class MerchantPaymentController {

    static final String PAYMENTS = "/api/v1/payments";

    private final CreatePaymentUseCase createPayment;
    private final GetPaymentQuery getPayment;
    private final PaymentEntitlementsQuery entitlements;
    private final GetRefundQuery refunds;

    MerchantPaymentController(CreatePaymentUseCase createPayment, GetPaymentQuery getPayment,
                              PaymentEntitlementsQuery entitlements, GetRefundQuery refunds) {
        this.createPayment = createPayment;
        this.getPayment = getPayment;
        this.entitlements = entitlements;
        this.refunds = refunds;
    }

    @PostMapping(path = PAYMENTS, consumes = MediaType.APPLICATION_JSON_VALUE,
            produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<byte[]> create(@RequestAttribute(MerchantApiGuardFilter.TENANT) TenantId tenant,
                                  @RequestHeader(name = IdempotencyKeyHeader.NAME, required = false) String key,
                                  @RequestBody(required = false) byte[] body, HttpServletRequest request) {
        IdempotencyKey idempotencyKey = IdempotencyKeyHeader.parse(key);
        PaymentRequestJson.Parsed parsed = PaymentRequestJson.read(body);
        RequestFingerprint fingerprint = RequestFingerprint.of("POST", PAYMENTS, parsed.canonicalBody());
        return PaymentJson.toResponse(createPayment.createPayment(new CreatePaymentCommand(tenant, idempotencyKey,
                fingerprint, parsed.request(), new PaymentJson(request.getRequestURI()))));
    }

    @GetMapping(path = PAYMENTS + "/{paymentId}", produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<byte[]> get(@RequestAttribute(MerchantApiGuardFilter.TENANT) TenantId tenant,
                               @PathVariable String paymentId) {
        PaymentId id = parsePaymentId(paymentId);
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON)
                .body(PaymentJson.view(getPayment.getPayment(tenant, id), entitlements.entitlementsOf(tenant, id),
                        refunds.refundsOf(tenant, id)));
    }

    static PaymentId parsePaymentId(String raw) {
        try {
            PaymentId id = new PaymentId(raw);
            if (id.value().startsWith(PaymentId.PREFIX) && id.value().length() > PaymentId.PREFIX.length()) {
                return id;
            }
        } catch (IllegalArgumentException e) {
            // answered below
        }
        throw new ApiProblemException(Problems.paymentNotFound());
    }
}
