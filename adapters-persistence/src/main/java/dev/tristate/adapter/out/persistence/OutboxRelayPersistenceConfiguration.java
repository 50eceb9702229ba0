package dev.tristate.adapter.out.persistence;

import dev.tristate.adapter.out.persistence.jdbc.SqlErrors;
import dev.tristate.adapter.out.persistence.jdbc.StoreJdbc;
import dev.tristate.adapter.out.persistence.outbox.BacklogSampleMapper;
import dev.tristate.adapter.out.persistence.outbox.MyBatisBacklogSampleStore;
import dev.tristate.adapter.out.persistence.outbox.MyBatisOutboxRelayStore.ClaimDialect;
import dev.tristate.adapter.out.persistence.outbox.MyBatisOutboxRelayStore;
import dev.tristate.adapter.out.persistence.outbox.OutboxRelayMapper;
import dev.tristate.adapter.out.persistence.outbox.RelayBatchStatements;
import dev.tristate.application.outbox.port.out.BacklogSampleStore;
import dev.tristate.application.outbox.port.out.OutboxRelayStore;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import javax.sql.DataSource;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The outbox relay's store (its claim statement depends on the database product) and the backlog samples. */
@Configuration(proxyBeanMethods = false)
public class OutboxRelayPersistenceConfiguration {

    @Bean
    OutboxRelayStore outboxRelayStore(OutboxRelayMapper mapper, DataSource dataSource,
            @Value("${tristate.datasource.statement-timeout:10s}") Duration statementTimeout) {
        // The same data source (and so the same transaction's connection), statement timeout and exception
        // translation as MyBatis.
        return new MyBatisOutboxRelayStore(mapper, new RelayBatchStatements(StoreJdbc.template(dataSource,
                statementTimeout)),
                ClaimDialect.forProduct(productName(dataSource)));
    }

    @Bean
    BacklogSampleStore backlogSampleStore(BacklogSampleMapper mapper) {
        return new MyBatisBacklogSampleStore(mapper);
    }

    private static String productName(DataSource dataSource) {
        try (Connection connection = dataSource.getConnection()) {
            return connection.getMetaData().getDatabaseProductName();
        } catch (SQLException e) {
            throw SqlErrors.beforeCommit(new org.springframework.jdbc.CannotGetJdbcConnectionException(
                    "cannot tell which database the outbox is on", e));
        }
    }
}
