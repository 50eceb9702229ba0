package dev.tristate.domain.consumer;

import dev.tristate.domain.outcome.OutcomeClass;
import java.util.Objects;

/**
 * Why a consumer could not apply a message. Permanent failures (unreadable payload, unknown event type, a broken
 * invariant) will fail the same way every time: quarantined at once. Transient ones (the database was busy,
 * unreachable, or the commit's outcome is unknown) may succeed later: retried with backoff.
 */
public record ConsumerFailure(boolean permanent, OutcomeClass outcomeClass, String reason) {
    public ConsumerFailure {
        Objects.requireNonNull(outcomeClass, "outcome class");
        if (reason == null || reason.isBlank()) {
            throw new IllegalArgumentException("a failure says why");
        }
    }

    public static ConsumerFailure permanent(String reason) {
        return new ConsumerFailure(true, OutcomeClass.DEFINITE, reason);
    }

    public static ConsumerFailure transientFailure(OutcomeClass outcomeClass, String reason) {
        return new ConsumerFailure(false, outcomeClass, reason);
    }

    /** How it reads in the attempt history and {@code last_error}. */
    public String describe() {
        return (permanent ? "PERMANENT" : outcomeClass.name()) + ": " + reason;
    }
}
