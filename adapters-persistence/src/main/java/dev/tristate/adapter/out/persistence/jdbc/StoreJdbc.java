package dev.tristate.adapter.out.persistence.jdbc;

import dev.tristate.adapter.out.persistence.callback.CallbackStatements;
import dev.tristate.adapter.out.persistence.outbox.RelayBatchStatements;
import java.time.Duration;
import javax.sql.DataSource;
import org.apache.ibatis.session.SqlSessionFactory;
import org.mybatis.spring.SqlSessionHolder;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.support.SQLErrorCodeSQLExceptionTranslator;
import org.springframework.jdbc.support.SQLExceptionTranslator;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.util.function.SingletonSupplier;

/**
 * The {@link JdbcTemplate} of the statements written with plain JDBC instead of MyBatis ({@link RelayBatchStatements},
 * {@link CallbackStatements}), set up as MyBatis runs its own: on the data source MyBatis uses (so on the connection
 * of the surrounding Spring transaction), with the same statement timeout, and with the exception translator
 * mybatis-spring uses (error codes by database product, resolved on the first failure), so that {@link SqlErrors}
 * sees the same exceptions whichever of the two ran the statement.
 */
public final class StoreJdbc {

    private StoreJdbc() {
    }

    /** {@code tristate.datasource.statement-timeout} in whole seconds, at least one, for MyBatis and JDBC alike. */
    public static int timeoutSeconds(Duration statementTimeout) {
        return (int) Math.max(1, statementTimeout.toSeconds());
    }

    public static JdbcTemplate template(DataSource dataSource, Duration statementTimeout) {
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        jdbc.setQueryTimeout(timeoutSeconds(statementTimeout));
        // JdbcTemplate's own default is SQLExceptionSubclassTranslator; mybatis-spring's MyBatisExceptionTranslator
        // creates this one lazily on the same data source.
        SingletonSupplier<SQLExceptionTranslator> translator =
                SingletonSupplier.of(() -> new SQLErrorCodeSQLExceptionTranslator(dataSource));
        jdbc.setExceptionTranslator((task, sql, ex) -> translator.obtain().translate(task, sql, ex));
        return jdbc;
    }

    /**
     * As MyBatis' executor does before every write: the transaction's MyBatis session (if it has one yet) forgets
     * the results of its earlier queries, so that a MyBatis query repeated later in the transaction reads the
     * database again instead of its cache. Every plain JDBC write calls this first. Never opens a session.
     */
    public static void clearMyBatisSessionCache(SqlSessionFactory myBatis) {
        if (TransactionSynchronizationManager.getResource(myBatis) instanceof SqlSessionHolder holder) {
            holder.getSqlSession().clearCache();
        }
    }
}
