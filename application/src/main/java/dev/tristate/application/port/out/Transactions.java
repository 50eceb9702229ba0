package dev.tristate.application.port.out;

import java.util.function.Supplier;

/**
 * The unit of work. The persistence adapter implements it; the application never sees a framework transaction. A
 * failure that escapes is already translated to {@link PersistenceFailure}.
 */
public interface Transactions {

    <T> T inTransaction(Supplier<T> work);

    default void inTransaction(Runnable work) {
        inTransaction(() -> {
            work.run();
            return null;
        });
    }
}
