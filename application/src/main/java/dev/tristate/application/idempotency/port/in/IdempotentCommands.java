package dev.tristate.application.idempotency.port.in;

import dev.tristate.domain.idempotency.IdempotencyEntry;
import dev.tristate.domain.idempotency.IdempotencyKey;
import dev.tristate.domain.idempotency.RequestFingerprint;
import dev.tristate.domain.tenant.TenantId;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The frame of every idempotent POST (a payment's create, a refund's): exactly one attempt works on an
 * Idempotency-Key, and a key is COMPLETED exactly when its effect committed. The use cases that create something
 * under a key run inside it; the key's entry is the outbound port's, as the store keeps it.
 */
public interface IdempotentCommands {

    /**
     * Claims the key (a replay is answered at once; throws {@link IdempotencyKeyReused} or
     * {@link IdempotencyKeyInUse}), runs {@code holding} while this attempt holds it, and releases the key when
     * {@code holding} fails without an answer, so that the client may retry with the same key at once instead of
     * after the lease.
     *
     * @param newReservedId draws the id of the resource a new key's request will create
     */
    IdempotentResponse hold(TenantId tenantId, IdempotencyKey key, RequestFingerprint fingerprint,
                            Supplier<String> newReservedId, Function<IdempotencyEntry, IdempotentResponse> holding);

    /**
     * In one transaction: renders the answer, completes {@code mine} with it (only while this attempt still owns the
     * key), and applies the effect. When the commit's outcome is unknown, answers {@code whenCommitUnknown} and leaves
     * the key in flight: a later request finds it COMPLETED (the commit happened) or takes it over when the lease
     * runs out (it did not). When another attempt took the key over meanwhile, nothing is written and the answer is
     * that attempt's (replayed) or a 409.
     */
    IdempotentResponse finish(IdempotencyEntry mine, Supplier<RenderedResponse> answer, Runnable effect,
                              Supplier<RenderedResponse> whenCommitUnknown);

    /**
     * Like {@link #finish(IdempotencyEntry, Supplier, Runnable, Supplier)}, for an answer that only the effect can
     * tell (a refund's answer is what its conditional writes found): in one transaction, {@code effectThenAnswer}
     * applies the effect and renders the answer, and the key is completed with it.
     */
    IdempotentResponse finishWith(IdempotencyEntry mine, Supplier<RenderedResponse> effectThenAnswer,
                                  Supplier<RenderedResponse> whenCommitUnknown);

    /** Stores a definite answer that has no effect (a refusal): asking again can only get the same answer. */
    IdempotentResponse finish(IdempotencyEntry mine, RenderedResponse definiteAnswer);
}
