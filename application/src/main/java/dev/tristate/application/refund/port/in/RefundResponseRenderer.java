package dev.tristate.application.refund.port.in;

import dev.tristate.application.idempotency.port.in.RenderedResponse;
import dev.tristate.application.payment.port.in.PaymentResponseRenderer;
import dev.tristate.application.payment.port.in.Rejection;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.payment.RefundId;

/**
 * Renders the answers to a refund request, inside the transaction that stores them under the Idempotency-Key (see
 * {@link PaymentResponseRenderer} for why the adapter renders and the service stores).
 */
public interface RefundResponseRenderer {

    /** The refund as it stands: 201 when the channel settled it (SUCCEEDED, FAILED), 202 while it is open. Stored. */
    RenderedResponse answered(Refund refund);

    /** A definite 4xx. Stored. */
    RenderedResponse rejected(Rejection rejection);

    /**
     * 202 UNKNOWN: the commit that stores the refund (or its result) has an unknown outcome. Not stored: the key
     * stays in flight until a retry takes it over and finds the refund (or finds none).
     */
    RenderedResponse outcomeUnknown(RefundId refundId, Money amount);
}
