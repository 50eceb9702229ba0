package dev.tristate.application.payment.port.out;

import dev.tristate.domain.outcome.OutcomeClass;
import java.util.Objects;

/** A call to a channel that did not give a clear answer, with what the caller may conclude from it. */
public class ChannelFailure extends RuntimeException {

    private final OutcomeClass outcomeClass;

    public ChannelFailure(OutcomeClass outcomeClass, String message, Throwable cause) {
        super(message, cause);
        this.outcomeClass = Objects.requireNonNull(outcomeClass);
    }

    public OutcomeClass outcomeClass() {
        return outcomeClass;
    }
}
