package dev.tristate.adapter.out.persistence;

import com.zaxxer.hikari.HikariConfig;
import java.util.Map;

/**
 * Settings of MySQL Connector/J that the application's statements need to be cheap. Without them the driver parses
 * the SQL text of every statement it prepares, on every execution (its own profile share on the callback path was
 * ~16% of the request thread's CPU, see docs/benchmarks.md); with them it keeps the parse per connection. Set only
 * for {@code jdbc:mysql:} URLs and only where the configuration does not set them already
 * ({@code spring.datasource.hikari.data-source-properties.*} wins).
 */
public final class ConnectorJ {

    /**
     * Cache the parse of prepared statements (room for every statement of the application, long ones included), and
     * keep the session's autocommit and isolation state on the client: without {@code useLocalSessionState} the
     * driver sends {@code SET autocommit=1} even when it is 1 already, which happens at the end of every transaction
     * (the transaction manager restores autocommit, then the pool restores it again); it doubled the statements of
     * the outbox relay's batches. The application changes session state only through JDBC, never with SQL.
     * Connector/J's own OpenTelemetry spans are off: the driver finds the OpenTelemetry API on the class path and
     * opens a span per statement through {@code GlobalOpenTelemetry}, which the application never registers (its
     * traces go through Micrometer's bridge), so every span was a no-op that still cost the driver about 2% of a
     * callback's CPU.
     */
    public static final Map<String, String> DEFAULTS = Map.of(
            "cachePrepStmts", "true",
            "prepStmtCacheSize", "250",
            "prepStmtCacheSqlLimit", "4096",
            "useLocalSessionState", "true",
            "openTelemetry", "DISABLED");

    private ConnectorJ() {
    }

    public static void applyDefaults(HikariConfig pool) {
        String url = pool.getJdbcUrl();
        if (url == null || !url.startsWith("jdbc:mysql:")) {
            return;
        }
        DEFAULTS.forEach((name, value) -> {
            if (!pool.getDataSourceProperties().containsKey(name)) {
                pool.addDataSourceProperty(name, value);
            }
        });
    }
}
