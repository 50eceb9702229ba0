package dev.tristate.adapter.out.persistence.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.adapter.out.persistence.SpringTransactions;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.outcome.OutcomeClass;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.UncategorizedSQLException;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.transaction.support.SimpleTransactionStatus;

class SqlErrorsTest {

    private static RuntimeException mysql(int code, String state) {
        return new UncategorizedSQLException("test", "SQL", new SQLException("server said " + code, state, code));
    }

    @Test
    void deadlocksAndLockWaitTimeoutsAreRetryable() {
        assertThat(SqlErrors.beforeCommit(mysql(1213, "40001")).outcomeClass()).isEqualTo(OutcomeClass.RETRYABLE);
        assertThat(SqlErrors.beforeCommit(mysql(1205, "HY000")).outcomeClass()).isEqualTo(OutcomeClass.RETRYABLE);
    }

    @Test
    void aDuplicateKeyIsAlreadyExists() {
        assertThat(SqlErrors.beforeCommit(mysql(1062, "23000"))).isInstanceOf(PersistenceFailure.AlreadyExists.class);
    }

    @Test
    void aLostConnectionBeforeCommitIsRetryableBecauseTheServerRolledBack() {
        RuntimeException lost = new UncategorizedSQLException("test", "SQL",
                new SQLException("Communications link failure", "08S01", 0));
        assertThat(SqlErrors.beforeCommit(lost).outcomeClass()).isEqualTo(OutcomeClass.RETRYABLE);
        RuntimeException refused = new UncategorizedSQLException("test", "SQL",
                new SQLTransientConnectionException("pool timeout"));
        assertThat(SqlErrors.beforeCommit(refused).outcomeClass()).isEqualTo(OutcomeClass.RETRYABLE);
    }

    @Test
    void aConstraintViolationIsADefiniteNo() {
        RuntimeException e = new DataIntegrityViolationException("fk", new SQLException("fk", "23000", 1452));
        PersistenceFailure failure = SqlErrors.beforeCommit(e);
        assertThat(failure).isNotInstanceOf(PersistenceFailure.AlreadyExists.class);
        assertThat(failure.outcomeClass()).isEqualTo(OutcomeClass.DEFINITE);
    }

    @Test
    void aFailedCommitIsUnknownNeverFailed() {
        PlatformTransactionManager commitTimesOut = new PlatformTransactionManager() {
            @Override
            public TransactionStatus getTransaction(TransactionDefinition definition) {
                return new SimpleTransactionStatus(true);
            }

            @Override
            public void commit(TransactionStatus status) {
                throw new TransactionSystemException("Could not commit JDBC transaction",
                        new SQLException("Communications link failure during commit", "08S01", 0));
            }

            @Override
            public void rollback(TransactionStatus status) {
                throw new AssertionError("a commit failure must not be rolled back blindly");
            }
        };

        assertThatThrownBy(() -> new SpringTransactions(commitTimesOut).inTransaction(() -> "work done"))
                .isInstanceOfSatisfying(PersistenceFailure.class,
                        e -> assertThat(e.outcomeClass()).isEqualTo(OutcomeClass.UNKNOWN));
    }
}
