package dev.tristate.adapter.out.persistence;

import dev.tristate.adapter.out.persistence.MyBatisOutboxRelayStore.ClaimDialect;
import dev.tristate.application.port.out.OutboxRelayStore;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The outbox relay's store; its claim statement depends on the database product. */
@Configuration(proxyBeanMethods = false)
class OutboxRelayPersistenceConfiguration {

    @Bean
    OutboxRelayStore outboxRelayStore(OutboxRelayMapper mapper, DataSource dataSource) {
        return new MyBatisOutboxRelayStore(mapper, ClaimDialect.forProduct(productName(dataSource)));
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
