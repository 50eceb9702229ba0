package dev.tristate.application.payment.port.in;

import dev.tristate.application.idempotency.port.in.RenderedResponse;
import dev.tristate.domain.payment.PayInstruction;
import dev.tristate.domain.payment.Payment;

/**
 * Renders the answers to a payment request. The web adapter passes it with the command; the service calls it where
 * the answer is decided, inside the transaction that also stores the answer under the Idempotency-Key.
 *
 * <p>Why a renderer and not a neutral value that the adapter renders later: a replay must return, byte for byte,
 * what the first request got. Re-rendering later would show what is true <em>then</em> (a payment that has been
 * paid meanwhile, a field added by a later release) and the client would see two answers to one request. Rendering
 * once and storing the bytes makes the stored answer and the sent answer the same value by construction; the
 * application stays framework-free because this is a plain interface that only the adapter implements.
 */
public interface PaymentResponseRenderer {

    /** 201: the payment was created and the trade registered at the channel, to be paid as {@code pay} says. Stored. */
    RenderedResponse created(Payment payment, PayInstruction pay);

    /** A definite 4xx. Stored. */
    RenderedResponse rejected(Rejection rejection);

    /**
     * 202: the commit's outcome is unknown; the payment may or may not exist. Not stored: the key stays in flight
     * until a retry finds the stored 201 or takes the key over.
     */
    RenderedResponse outcomeUnknown(Payment payment);

    /**
     * 202: the payment is stored PENDING, but the channel's answer to the trade's creation was lost, so there is no
     * way to pay it; the channel is queried and the payment settles as it says (CLOSED at expiry when nobody can pay
     * it). Stored: a retry under the key gets this answer and never a second trade.
     */
    RenderedResponse tradeOutcomeUnknown(Payment payment);
}
