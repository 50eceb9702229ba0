package dev.tristate.application.payment.port.in;

import dev.tristate.application.idempotency.port.in.IdempotencyKeyInUse;
import dev.tristate.application.idempotency.port.in.IdempotencyKeyReused;
import dev.tristate.application.idempotency.port.in.IdempotentResponse;
import dev.tristate.application.shared.port.in.FieldError;
import dev.tristate.domain.idempotency.IdempotencyKey;
import dev.tristate.domain.idempotency.RequestFingerprint;
import dev.tristate.domain.tenant.TenantId;
import java.util.List;
import java.util.Objects;

/**
 * A tenant creates a payment: the trade is registered at the channel, the payment is stored PENDING, and the answer
 * is stored under the Idempotency-Key in the same transaction, so the key is complete exactly when the payment
 * exists.
 *
 * <p>Failures that are not answers to the request itself are thrown: {@link IdempotencyKeyReused},
 * {@link IdempotencyKeyInUse}, {@link ChannelRefused}, {@link ChannelUnavailable} and
 * {@code PersistenceFailure}; none of them is stored under the key.
 */
public interface CreatePaymentUseCase {

    IdempotentResponse createPayment(CreatePaymentCommand command);

    record CreatePaymentCommand(TenantId tenantId, IdempotencyKey idempotencyKey, RequestFingerprint fingerprint,
                                PaymentRequest request, PaymentResponseRenderer renderer) {
        public CreatePaymentCommand {
            Objects.requireNonNull(tenantId, "tenant id");
            Objects.requireNonNull(idempotencyKey, "idempotency key");
            Objects.requireNonNull(fingerprint, "fingerprint");
            Objects.requireNonNull(request, "request");
            Objects.requireNonNull(renderer, "renderer");
        }
    }

    /**
     * The request's fields as sent, not yet checked (the service checks them, after it holds the key, so that a
     * refusal is stored like any other answer). A field the client left out is null; a null {@code payMethod} is the
     * channel's default; a null {@code returnUrl}: the merchant gave no address to send the payer back to.
     * {@code malformed} lists fields whose JSON type was wrong (a string for a number, a fraction):
     * the adapter alone can tell, and those fields are null here.
     */
    record PaymentRequest(String merchantOrderId, Long amountMinor, String currency, String channel,
                          String payMethod, String userId, String sku, String description, String returnUrl,
                          List<FieldError> malformed) {

        public static final String MERCHANT_ORDER_ID = "merchant_order_id";
        public static final String AMOUNT_MINOR = "amount_minor";
        public static final String CURRENCY = "currency";
        public static final String CHANNEL = "channel";
        public static final String PAY_METHOD = "pay_method";
        public static final String USER_ID = "user_id";
        public static final String SKU = "sku";
        public static final String DESCRIPTION = "description";
        public static final String RETURN_URL = "return_url";
        /** The API's field names in the order errors are reported. */
        public static final List<String> FIELDS = List.of(MERCHANT_ORDER_ID, AMOUNT_MINOR, CURRENCY, CHANNEL,
                PAY_METHOD, USER_ID, SKU, DESCRIPTION, RETURN_URL);

        public PaymentRequest {
            malformed = List.copyOf(malformed == null ? List.of() : malformed);
        }

        /** A request without a return address. */
        public PaymentRequest(String merchantOrderId, Long amountMinor, String currency, String channel,
                              String payMethod, String userId, String sku, String description,
                              List<FieldError> malformed) {
            this(merchantOrderId, amountMinor, currency, channel, payMethod, userId, sku, description, null,
                    malformed);
        }

        /** A request that leaves the pay method to the channel's default, without a return address. */
        public PaymentRequest(String merchantOrderId, Long amountMinor, String currency, String channel,
                              String userId, String sku, String description, List<FieldError> malformed) {
            this(merchantOrderId, amountMinor, currency, channel, null, userId, sku, description, null, malformed);
        }
    }
}
