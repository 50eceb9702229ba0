package dev.tristate.domain.idempotency;

import java.time.Duration;

/** What to do with a POST whose key is already in the database. */
public sealed interface IdempotencyDecision {

    /** Same key, same request, finished: answer again what was answered, marked as replayed. */
    record Replay(int status, String body) implements IdempotencyDecision {
    }

    /** Same key, different request: 422 IDEMPOTENCY_KEY_REUSED. */
    record KeyReused() implements IdempotencyDecision {
    }

    /** Same key while the first request is still running: 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. */
    record InFlight(Duration retryAfter) implements IdempotencyDecision {
    }

    /** The stored key has expired: it may be taken again as new. */
    record Expired() implements IdempotencyDecision {
    }
}
