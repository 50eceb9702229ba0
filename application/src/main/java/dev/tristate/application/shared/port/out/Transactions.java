package dev.tristate.application.shared.port.out;

import dev.tristate.application.shared.failure.PersistenceFailure;
import java.util.function.Supplier;

/**
 * The unit of work. The persistence adapter implements it; the application never sees a framework transaction. A
 * failure that escapes is already translated to {@link PersistenceFailure}.
 */
public interface Transactions {

    /** Runs the work in one transaction with connections from the given budget. */
    <T> T inTransaction(Workload workload, Supplier<T> work);

    default <T> T inTransaction(Supplier<T> work) {
        return inTransaction(Workload.GENERAL, work);
    }

    default void inTransaction(Runnable work) {
        inTransaction(Workload.GENERAL, () -> {
            work.run();
            return null;
        });
    }
}
