package dev.tristate.application.shared.failure;

import dev.tristate.domain.outcome.OutcomeClass;
import java.util.Objects;

/**
 * A database failure in the application's vocabulary. Adapters translate their driver's exceptions to this, with the
 * class that tells the caller what it may do next (retry, resolve, or take the answer).
 */
public class PersistenceFailure extends RuntimeException {

    private final OutcomeClass outcomeClass;

    public PersistenceFailure(OutcomeClass outcomeClass, String message, Throwable cause) {
        super(message, cause);
        this.outcomeClass = Objects.requireNonNull(outcomeClass);
    }

    public OutcomeClass outcomeClass() {
        return outcomeClass;
    }

    /** Duplicate key: the row already exists; read it and compare. */
    public static final class AlreadyExists extends PersistenceFailure {
        public AlreadyExists(String message, Throwable cause) {
            super(OutcomeClass.DEFINITE, message, cause);
        }
    }
}
