package dev.tristate.application.callback.service;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.in.ChangedMeanwhile;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.shared.port.out.Workload;
import dev.tristate.domain.outcome.Backoff;
import dev.tristate.domain.outcome.OutcomeClass;
import java.time.Duration;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * The callback's one transaction, tried again at once (after a short jittered pause) while trying again can help: the
 * database broke a conflict (deadlock, lock wait timeout) or a concurrent writer kept moving the payment. The channel
 * waits for the answer, so the tries are few; after them the channel is asked to send the notification again.
 */
final class CallbackTransaction {

    /** Tries of the transaction when the database says "retry" or the payment changed under it. */
    static final int MAX_ATTEMPTS = 3;

    /** Why the notification was not recorded: the class of the last failure and what it said. */
    record NotRecorded(OutcomeClass outcomeClass, String message) {
    }

    private final Transactions transactions;
    private final RandomGenerator random;
    private final Backoff backoff = new Backoff(Duration.ofMillis(10), Duration.ofMillis(200), 3.0);

    CallbackTransaction(Transactions transactions, RandomGenerator random) {
        this.transactions = transactions;
        this.random = random;
    }

    /** Runs the work in a callback transaction; empty once one committed. */
    Optional<NotRecorded> run(Runnable work) {
        NotRecorded last = null;
        for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
            try {
                transactions.inTransaction(Workload.CALLBACK, () -> {
                    work.run();
                    return null;
                });
                return Optional.empty();
            } catch (PersistenceFailure failure) {
                last = new NotRecorded(failure.outcomeClass(), failure.getMessage());
            } catch (ChangedMeanwhile changed) {
                last = new NotRecorded(OutcomeClass.RETRYABLE, changed.getMessage());
            } catch (RuntimeException unexpected) {
                // Rolled back: nothing was recorded. The channel sends it again; a person sees the reason.
                return Optional.of(new NotRecorded(OutcomeClass.DEFINITE, "unexpected failure: " + unexpected));
            }
            if (last.outcomeClass() != OutcomeClass.RETRYABLE || attempt == MAX_ATTEMPTS) {
                break;
            }
            pause(attempt);
        }
        return Optional.of(last);
    }

    private void pause(int attempt) {
        try {
            Thread.sleep(backoff.delayBefore(attempt, random.nextDouble()).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
