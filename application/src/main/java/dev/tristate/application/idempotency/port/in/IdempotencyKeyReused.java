package dev.tristate.application.idempotency.port.in;

/** The Idempotency-Key was used before for a different request (method, path or body): 422. */
public final class IdempotencyKeyReused extends RuntimeException {

    public IdempotencyKeyReused() {
        super("the idempotency key was used for a different request");
    }
}
