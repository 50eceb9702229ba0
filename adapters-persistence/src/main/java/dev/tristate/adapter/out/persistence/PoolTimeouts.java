package dev.tristate.adapter.out.persistence;

import com.zaxxer.hikari.HikariConfig;
import java.time.Duration;

/** A start-up rule (docs/design.md): connection pool timeouts must exceed statement timeouts. */
public final class PoolTimeouts {

    private PoolTimeouts() {
    }

    public static void requireAbove(Duration statementTimeout, HikariConfig pool) {
        if (statementTimeout.isNegative() || statementTimeout.isZero()) {
            throw new IllegalStateException("tristate.datasource.statement-timeout must be positive, was "
                    + statementTimeout);
        }
        long statementMillis = statementTimeout.toMillis();
        if (pool.getConnectionTimeout() <= statementMillis) {
            throw new IllegalStateException("Refusing to start: pool '" + pool.getPoolName()
                    + "' connection-timeout (" + pool.getConnectionTimeout() + " ms) must exceed the statement"
                    + " timeout (" + statementMillis + " ms, tristate.datasource.statement-timeout); raise"
                    + " spring.datasource.hikari.connection-timeout or lower the statement timeout.");
        }
        if (pool.getMaxLifetime() != 0 && pool.getMaxLifetime() <= statementMillis) {
            throw new IllegalStateException("Refusing to start: pool '" + pool.getPoolName()
                    + "' max-lifetime (" + pool.getMaxLifetime() + " ms) must exceed the statement timeout ("
                    + statementMillis + " ms).");
        }
    }
}
