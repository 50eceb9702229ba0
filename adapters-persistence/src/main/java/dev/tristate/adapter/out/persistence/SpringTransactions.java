package dev.tristate.adapter.out.persistence;

import dev.tristate.adapter.out.persistence.jdbc.SqlErrors;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.shared.port.out.Workload;
import java.util.function.Supplier;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.DefaultTransactionDefinition;

/**
 * The {@link Transactions} port on Spring's transaction manager. The work and the commit are told apart on purpose:
 * a failure in the work rolls back for certain, a failure of the commit leaves the outcome unknown.
 */
public class SpringTransactions implements Transactions {

    private final PlatformTransactionManager transactionManager;
    private final TransactionDefinition definition;

    public SpringTransactions(PlatformTransactionManager transactionManager) {
        this.transactionManager = transactionManager;
        // READ COMMITTED is the pools' default (DataSourceConfiguration): asking for it per transaction would cost
        // three extra round trips per unit of work (read, set, reset the isolation).
        this.definition = new DefaultTransactionDefinition(TransactionDefinition.PROPAGATION_REQUIRED);
    }

    @Override
    public <T> T inTransaction(Workload workload, Supplier<T> work) {
        Workload previous = WorkloadRoutingDataSource.use(workload);
        try {
            return run(work);
        } finally {
            WorkloadRoutingDataSource.restore(previous);
        }
    }

    private <T> T run(Supplier<T> work) {
        TransactionStatus status;
        try {
            status = transactionManager.getTransaction(definition);
        } catch (RuntimeException e) {
            throw SqlErrors.beforeCommit(e);
        }
        if (!status.isNewTransaction()) {
            // Joined an outer unit of work: its owner commits and classifies.
            return work.get();
        }
        T result;
        try {
            result = work.get();
        } catch (RuntimeException e) {
            rollbackQuietly(status, e);
            throw SqlErrors.isDatabaseFailure(e) ? SqlErrors.beforeCommit(e) : e;
        } catch (Error e) {
            rollbackQuietly(status, e);
            throw e;
        }
        try {
            transactionManager.commit(status);
        } catch (RuntimeException e) {
            throw SqlErrors.duringCommit(e);
        }
        return result;
    }

    private void rollbackQuietly(TransactionStatus status, Throwable cause) {
        try {
            transactionManager.rollback(status);
        } catch (RuntimeException rollbackFailure) {
            cause.addSuppressed(rollbackFailure);
        }
    }
}
