package dev.tristate.application.refund.port.in;

import dev.tristate.application.idempotency.port.in.IdempotencyKeyInUse;
import dev.tristate.application.idempotency.port.in.IdempotencyKeyReused;
import dev.tristate.application.idempotency.port.in.IdempotentResponse;
import dev.tristate.application.payment.port.in.ChannelUnavailable;
import dev.tristate.application.payment.port.in.PaymentNotFound;
import dev.tristate.application.shared.port.in.FieldError;
import dev.tristate.domain.idempotency.IdempotencyKey;
import dev.tristate.domain.idempotency.RequestFingerprint;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import java.util.List;
import java.util.Objects;

/**
 * A tenant refunds (part of) a paid payment. The refund is stored PENDING under a lock of the payment row (so the
 * refunds never add up to more than was captured), the channel is asked after that commit, and its answer is applied
 * and stored under the Idempotency-Key in one transaction. A timeout is UNKNOWN, never FAILED.
 *
 * <p>Thrown, never stored: {@link IdempotencyKeyReused}, {@link IdempotencyKeyInUse}, {@link PaymentNotFound},
 * {@link ChannelUnavailable} (nothing reached the channel; the same request may be sent again) and
 * {@code PersistenceFailure}.
 */
public interface CreateRefundUseCase {

    IdempotentResponse createRefund(CreateRefundCommand command);

    record CreateRefundCommand(TenantId tenantId, IdempotencyKey idempotencyKey, RequestFingerprint fingerprint,
                               PaymentId paymentId, RefundRequest request, RefundResponseRenderer renderer) {
        public CreateRefundCommand {
            Objects.requireNonNull(tenantId, "tenant id");
            Objects.requireNonNull(idempotencyKey, "idempotency key");
            Objects.requireNonNull(fingerprint, "fingerprint");
            Objects.requireNonNull(paymentId, "payment id");
            Objects.requireNonNull(request, "request");
            Objects.requireNonNull(renderer, "renderer");
        }
    }

    /** The fields as sent, not yet checked; {@code malformed} lists fields of the wrong JSON type (those are null). */
    record RefundRequest(Long amountMinor, String reason, List<FieldError> malformed) {

        public static final String AMOUNT_MINOR = "amount_minor";
        public static final String REASON = "reason";
        public static final List<String> FIELDS = List.of(AMOUNT_MINOR, REASON);

        public RefundRequest {
            malformed = List.copyOf(malformed == null ? List.of() : malformed);
        }
    }
}
