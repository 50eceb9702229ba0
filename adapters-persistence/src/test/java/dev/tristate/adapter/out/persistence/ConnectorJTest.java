package dev.tristate.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariConfig;
import org.junit.jupiter.api.Test;

class ConnectorJTest {

    private static HikariConfig pool(String url) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        return config;
    }

    @Test
    void aMySqlPoolCachesTheParseOfItsPreparedStatements() {
        HikariConfig pool = pool("jdbc:mysql://127.0.0.1:3306/tristate");

        ConnectorJ.applyDefaults(pool);

        assertThat(pool.getDataSourceProperties()).containsEntry("cachePrepStmts", "true")
                .containsEntry("prepStmtCacheSize", "250").containsEntry("prepStmtCacheSqlLimit", "4096");
    }

    @Test
    void aMySqlPoolOpensNoSpansOfTheDriver() {
        HikariConfig pool = pool("jdbc:mysql://127.0.0.1:3306/tristate");

        ConnectorJ.applyDefaults(pool);

        assertThat(pool.getDataSourceProperties()).containsEntry("openTelemetry", "DISABLED");
    }

    @Test
    void whatTheConfigurationSetsIsKept() {
        HikariConfig pool = pool("jdbc:mysql://127.0.0.1:3306/tristate");
        pool.addDataSourceProperty("cachePrepStmts", "false");

        ConnectorJ.applyDefaults(pool);

        assertThat(pool.getDataSourceProperties()).containsEntry("cachePrepStmts", "false")
                .containsEntry("prepStmtCacheSize", "250");
    }

    @Test
    void otherDriversGetNothing() {
        HikariConfig h2 = pool("jdbc:h2:mem:x;MODE=MySQL");

        ConnectorJ.applyDefaults(h2);

        assertThat(h2.getDataSourceProperties()).isEmpty();
    }
}
