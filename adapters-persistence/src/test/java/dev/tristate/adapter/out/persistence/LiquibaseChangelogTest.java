package dev.tristate.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.testing.IntegrationEnvironment;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

class LiquibaseChangelogTest extends PersistenceIntegrationTest {

    @Autowired
    DataSource dataSource;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void theChangelogsApplyOnTheDatabaseUnderTest() throws SQLException {
        try (Connection connection = dataSource.getConnection()) {
            String product = connection.getMetaData().getDatabaseProductName();
            if (IntegrationEnvironment.realDatabase()) {
                assertThat(product).containsAnyOf("MariaDB", "MySQL");
            } else {
                assertThat(product).isEqualTo("H2");
            }
        }
        List<String> applied = jdbc.queryForList("SELECT ID FROM DATABASECHANGELOG ORDER BY ORDEREXECUTED",
                String.class);
        assertThat(applied).contains("001-tenants", "001-tenant-api-keys", "001-channel-secrets", "002-payments",
                "003-admin-users");
        for (String table : List.of("tenants", "tenant_api_keys", "channel_secrets", "payments", "admin_users")) {
            assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM " + table, Long.class)).as(table).isNotNull();
        }
    }

    @Test
    void theChannelTransactionUniqueKeyExists() {
        Long count = jdbc.queryForObject("SELECT COUNT(*) FROM information_schema.table_constraints"
                + " WHERE LOWER(table_name) = 'payments' AND LOWER(constraint_name) = 'uk_payments_channel_txn' AND table_schema = SCHEMA()",
                Long.class);
        assertThat(count).isEqualTo(1L);
    }
}
