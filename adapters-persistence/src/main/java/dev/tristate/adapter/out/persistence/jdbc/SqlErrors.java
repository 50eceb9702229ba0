package dev.tristate.adapter.out.persistence.jdbc;

import dev.tristate.adapter.out.persistence.SpringTransactions;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.outcome.OutcomeClass;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;
import org.springframework.dao.CannotAcquireLockException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;

/**
 * Reads a database failure as one of the three outcome classes of docs/design.md. Where a failure happened matters as
 * much as what it was: before COMMIT was sent, the server rolls the transaction back on any error or disconnect, so
 * nothing is unknown; only a failure while committing leaves the outcome unknown (see {@link SpringTransactions}).
 */
public final class SqlErrors {

    /** MySQL/MariaDB: deadlock found when trying to get lock. */
    public static final int MYSQL_DEADLOCK = 1213;
    /** MySQL/MariaDB: lock wait timeout exceeded. */
    public static final int MYSQL_LOCK_WAIT_TIMEOUT = 1205;
    /** MySQL/MariaDB: duplicate entry for a unique key. */
    public static final int MYSQL_DUPLICATE_KEY = 1062;
    /** H2: deadlock detected (40001) and lock timeout (50200); duplicate key 23505. */
    public static final int H2_DEADLOCK = 40001;
    public static final int H2_LOCK_TIMEOUT = 50200;
    public static final int H2_DUPLICATE_KEY = 23505;

    private SqlErrors() {
    }

    /** Runs one database call, translating what the driver throws into the port's vocabulary. */
    public static <T> T translate(java.util.function.Supplier<T> call) {
        try {
            return call.get();
        } catch (RuntimeException e) {
            throw isDatabaseFailure(e) ? beforeCommit(e) : e;
        }
    }

    /** Whether the exception came from the database layer (and so is ours to classify). */
    public static boolean isDatabaseFailure(Throwable e) {
        return e instanceof PersistenceFailure || e instanceof org.springframework.dao.DataAccessException
                || e instanceof org.springframework.transaction.TransactionException
                || hasCause(e, SQLException.class);
    }

    /** Classifies a failure that happened before COMMIT was sent. */
    public static PersistenceFailure beforeCommit(RuntimeException e) {
        if (e instanceof PersistenceFailure failure) {
            return failure;
        }
        if (e instanceof DuplicateKeyException || hasErrorCode(e, MYSQL_DUPLICATE_KEY, H2_DUPLICATE_KEY)) {
            return new PersistenceFailure.AlreadyExists(describe(e), e);
        }
        if (e instanceof PessimisticLockingFailureException || e instanceof CannotAcquireLockException
                || hasErrorCode(e, MYSQL_DEADLOCK, MYSQL_LOCK_WAIT_TIMEOUT, H2_DEADLOCK, H2_LOCK_TIMEOUT)) {
            return new PersistenceFailure(OutcomeClass.RETRYABLE, describe(e), e);
        }
        if (e instanceof CannotGetJdbcConnectionException || hasCause(e, SQLTransientConnectionException.class)
                || hasCause(e, SQLRecoverableException.class) || hasCause(e, SQLTimeoutException.class)
                || isCommunicationFailure(e)) {
            // The transaction did not commit: the server rolls back a transaction whose connection is gone.
            return new PersistenceFailure(OutcomeClass.RETRYABLE, describe(e), e);
        }
        return new PersistenceFailure(OutcomeClass.DEFINITE, describe(e), e);
    }

    /** Classifies a failure of COMMIT itself: unless the server said a definite no, nobody knows what it did. */
    public static PersistenceFailure duringCommit(RuntimeException e) {
        if (hasErrorCode(e, MYSQL_DEADLOCK, H2_DEADLOCK)) {
            return new PersistenceFailure(OutcomeClass.RETRYABLE, describe(e), e);
        }
        return new PersistenceFailure(OutcomeClass.UNKNOWN, "outcome of COMMIT unknown: " + describe(e), e);
    }

    public static boolean hasErrorCode(Throwable e, int... codes) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql) {
                for (SQLException next = sql; next != null; next = next.getNextException()) {
                    for (int code : codes) {
                        if (next.getErrorCode() == code) {
                            return true;
                        }
                    }
                }
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return false;
    }

    private static boolean isCommunicationFailure(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && sql.getSQLState() != null && sql.getSQLState().startsWith("08")) {
                return true;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return false;
    }

    private static boolean hasCause(Throwable e, Class<? extends Throwable> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return false;
    }

    private static String describe(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getClass().getSimpleName() + ": " + root.getMessage();
    }
}
